import { useEffect, useState } from 'react';

type Phase = 'idle' | 'running' | 'finishing';

/**
 * The thin bar at the top of the window during a route change: it creeps towards 90% while the page
 * loads (the browser animates the width), then fills and fades out once the page is there.
 */
export function ProgressBar({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (active) {
      setPhase('running');
      return;
    }
    setPhase((current) => (current === 'idle' ? 'idle' : 'finishing'));
    const timer = setTimeout(() => setPhase('idle'), 300);
    return () => clearTimeout(timer);
  }, [active]);

  const width =
    phase === 'running'
      ? 'w-[90%] duration-[1500ms] ease-out'
      : phase === 'finishing'
        ? 'w-full opacity-0 duration-300'
        : 'w-0 opacity-0 duration-0';
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1" aria-hidden="true">
      <div data-testid="progress-bar" data-phase={phase} className={`h-full bg-brand-600 transition-all ${width}`} />
    </div>
  );
}
