import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Game sounds: off by default (issue #13 item 2), switched on per device. Tones are made with
 * Web Audio, so no sound file is downloaded; the audio context starts on the player's tap.
 */
const SOUND_KEY = 'dau:casino-sound';

export type SoundCue = 'tick' | 'win' | 'lose';

const CUES: Record<SoundCue, { frequency: number; ms: number }[]> = {
  tick: [{ frequency: 880, ms: 40 }],
  win: [
    { frequency: 660, ms: 90 },
    { frequency: 880, ms: 90 },
    { frequency: 1320, ms: 160 },
  ],
  lose: [{ frequency: 220, ms: 180 }],
};

const listeners = new Set<() => void>();
let remembered: boolean | null = null;

function soundOn(): boolean {
  if (remembered === null) {
    try {
      remembered = localStorage.getItem(SOUND_KEY) === 'on';
    } catch {
      remembered = false;
    }
  }
  return remembered;
}

function setSoundOn(on: boolean): void {
  remembered = on;
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Not stored: the choice holds for this visit.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGameSound() {
  // Off on the server and until hydrated: sound is never on by default.
  const enabled = useSyncExternalStore(subscribe, soundOn, () => false);
  const context = useRef<AudioContext | null>(null);
  useEffect(() => () => void context.current?.close(), []);

  const toggle = useCallback(() => setSoundOn(!soundOn()), []);

  const play = useCallback(
    (cue: SoundCue) => {
      if (!enabled || typeof AudioContext === 'undefined') return;
      const audio = (context.current ??= new AudioContext());
      let at = audio.currentTime;
      for (const tone of CUES[cue]) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.frequency.value = tone.frequency;
        gain.gain.setValueAtTime(0.08, at);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.ms / 1000);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(at);
        oscillator.stop(at + tone.ms / 1000);
        at += tone.ms / 1000;
      }
    },
    [enabled],
  );
  return { enabled, toggle, play };
}
