import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useSignOut } from './auth';

/**
 * Logout as every Log Out button does it (header menu, mobile drawer, dashboard top bar): go home without leaving
 * the signed-in page in the history, sign out, and say how it went (spec sections 4 and 8).
 */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const logout = async () => {
    if (pending) return;
    setPending(true);
    // Leave first: once the session is cleared, the guard of a protected page answers with a redirect to /login,
    // which would overtake a navigation home that is still loading the landing page's code. That first navigation
    // commits in a transition, possibly later; the second finds everything loaded, so flushSync commits it at once
    // and the protected page is gone before the session is.
    await navigate(paths.home, { replace: true });
    await navigate(paths.home, { replace: true, flushSync: true });
    // The toasts (sonner) load here rather than with the header: the header is on the landing page, which must stay light.
    const { toast, toastError } = await import('./toast');
    try {
      // mutateAsync rather than mutate's callbacks: the page that started the logout may be gone by now.
      await signOut.mutateAsync();
      toast.success('Logged out successfully', { description: 'You have been logged out of your account.' });
    } catch (error) {
      toastError('Error logging out', error, 'There was an error logging out.');
    } finally {
      setPending(false);
    }
  };

  return { logout: () => void logout(), isPending: pending };
}
