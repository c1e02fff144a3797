import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { IconClock } from '@/shared/ui/icons';
import { beep, formatTimer, parseTimer } from './timer';

/**
 * A step timer (spec part 1 §2.8): a tap starts it, another tap pauses it. It counts down each
 * second, plays a short sound at zero, then continues negative ('-00:00:03').
 */
export function StepTimer({ timer, label = 'step timer' }: { timer: string; label?: string }) {
  const [remaining, setRemaining] = useState(() => parseTimer(timer));
  const [running, setRunning] = useState(false);
  const remainingRef = useRef(remaining);

  useEffect(() => {
    if (!running) return undefined;
    const id = setInterval(() => {
      remainingRef.current -= 1;
      setRemaining(remainingRef.current);
      if (remainingRef.current === 0) beep();
    }, 1000);
    return () => clearInterval(id);
  }, [running]);

  const text = formatTimer(remaining);
  return (
    <Button
      variant={running ? 'filled' : 'light'}
      color={remaining < 0 ? 'red' : undefined}
      leftSection={<IconClock size={18} />}
      onClick={() => setRunning((value) => !value)}
      aria-pressed={running}
      aria-label={`${label} ${text}, ${running ? 'running, tap to pause' : 'paused, tap to start'}`}
      styles={{ label: { fontVariantNumeric: 'tabular-nums' } }}
    >
      <span data-testid="timer-value">{text}</span>
    </Button>
  );
}
