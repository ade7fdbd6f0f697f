import { useNavigation } from 'react-router';

/**
 * Pages load their code on first visit; while that happens the current page stays on screen,
 * so a thin bar at the top tells the user the click was taken.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;

  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-indigo-100">
      <div className="h-full w-2/5 animate-progress bg-indigo-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
