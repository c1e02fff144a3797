/** Seconds of an 'HH:MM:SS' timer (also 'MM:SS' or plain seconds); 0 when unreadable. */
export function parseTimer(value: string | null | undefined): number {
  if (!value) return 0;
  const parts = value.trim().split(':').map((part) => Number(part));
  if (parts.length === 0 || parts.some((part) => !Number.isFinite(part))) return 0;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** HH:MM:SS, with a leading minus sign when negative ('-00:00:03'). */
export function formatTimer(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(seconds));
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  return `${sign}${pad(h)}:${pad(m)}:${pad(s)}`;
}

type AudioContextConstructor = new () => AudioContext;

/** A short beep through WebAudio; any failure (no audio, autoplay policy) is ignored. */
export function beep(durationMs = 400): void {
  try {
    const Context =
      (window as unknown as { AudioContext?: AudioContextConstructor }).AudioContext ??
      (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
    if (!Context) return;
    const context = new Context();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.value = 0.2;
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + durationMs / 1000);
    oscillator.onended = () => {
      void context.close().catch(() => undefined);
    };
  } catch {
    // no sound then
  }
}
