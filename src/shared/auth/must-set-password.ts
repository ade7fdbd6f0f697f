/** Spec section 4: an invited user who has not chosen a password yet is sent to /set-password from every screen. */
export function mustSetPassword(user: { invited: boolean; hasSetPassword: boolean }): boolean {
  return user.invited && !user.hasSetPassword;
}
