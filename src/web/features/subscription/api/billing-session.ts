/** Leaves the app for the payment provider's page; a module of its own so tests can watch it. */
export function redirectToBillingSession(url: string): void {
  window.location.assign(url);
}
