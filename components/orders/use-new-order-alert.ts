'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { BoardCard } from '@/lib/orders/board-view';

const SOUND_KEY = 'counterpart.orders.sound';
const REPEAT_KEY = 'counterpart.orders.repeat';
/** How often an unanswered new order sounds again, when repeating is on. */
const REPEAT_MS = 10_000;

/** A short two-tone chime (Web Audio; no file to load). */
function chime() {
  try {
    const audio = new AudioContext();
    [880, 660].forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, audio.currentTime + index * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + index * 0.18 + 0.16);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(audio.currentTime + index * 0.18);
      oscillator.stop(audio.currentTime + index * 0.18 + 0.17);
      oscillator.onended = () => void audio.close().catch(() => undefined);
    });
  } catch {
    // No audio output: the highlight and the title still tell.
  }
}

/**
 * New orders until someone answers them: each arrival is marked new, chimes (sound on) and, with repeating on, chimes
 * again every 10 s until it is acknowledged, opened or decided; the tab's title counts the undecided ones. Sound and
 * repeating are remembered in this browser (localStorage), sound off until someone turns it on (a browser plays
 * nothing before a tap anyway).
 */
export function useNewOrderAlert(cards: readonly BoardCard[]) {
  const [sound, setSound] = useState(false);
  const [repeat, setRepeat] = useState(true);
  const [unanswered, setUnanswered] = useState<ReadonlySet<string>>(new Set());
  const known = useRef<Set<string> | null>(null);
  const soundRef = useRef(sound);
  soundRef.current = sound;

  useEffect(() => {
    setSound(localStorage.getItem(SOUND_KEY) === 'on');
    setRepeat(localStorage.getItem(REPEAT_KEY) !== 'off');
  }, []);

  useEffect(() => {
    // The first read only learns what is there: orders already on the board when it opens are not "new".
    if (!known.current) {
      known.current = new Set(cards.map((card) => card.id));
      return;
    }
    const arrived = cards.filter((card) => card.status === 'CREATED' && !known.current!.has(card.id));
    for (const card of cards) known.current.add(card.id);
    if (!arrived.length) return;
    setUnanswered((previous) => new Set([...previous, ...arrived.map((card) => card.id)]));
    if (soundRef.current) chime();
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.visibilityState !== 'visible') {
      for (const card of arrived) new Notification(`New order ${card.orderReference}`, { body: `${card.originName} · ${card.locationName}`, tag: card.id });
    }
  }, [cards]);

  // A decided order needs no more answer.
  const waiting = cards.filter((card) => card.status === 'CREATED' && unanswered.has(card.id));
  const ringing = sound && repeat && waiting.length > 0;
  useEffect(() => {
    if (!ringing) return;
    const timer = setInterval(chime, REPEAT_MS);
    return () => clearInterval(timer);
  }, [ringing]);

  const undecided = cards.filter((card) => card.status === 'CREATED').length;
  useEffect(() => {
    document.title = `${undecided ? `(${undecided}) ` : ''}Orders · Counterpart`;
  }, [undecided]);

  const acknowledge = useCallback((orderId?: string) => {
    setUnanswered((previous) => (orderId ? new Set([...previous].filter((id) => id !== orderId)) : new Set()));
  }, []);

  const toggleSound = useCallback(async () => {
    const next = !soundRef.current;
    setSound(next);
    localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    if (next) {
      chime();
      if (typeof Notification !== 'undefined' && Notification.permission === 'default') await Notification.requestPermission().catch(() => undefined);
    }
  }, []);

  const toggleRepeat = useCallback((next: boolean) => {
    setRepeat(next);
    localStorage.setItem(REPEAT_KEY, next ? 'on' : 'off');
  }, []);

  return { sound, toggleSound, repeat, toggleRepeat, waiting, isNew: (id: string) => unanswered.has(id), acknowledge };
}
