import { Spinner } from '../ui/spinner';

/** Shown while the first route's code loads. */
export function RouteFallback() {
  return (
    <div className="grid min-h-dvh place-items-center bg-white">
      <Spinner size="lg" showLabel />
    </div>
  );
}
