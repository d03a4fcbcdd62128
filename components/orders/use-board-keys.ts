'use client';

import { useEffect, useRef, type RefObject } from 'react';
import type { BoardCard } from '@/lib/orders/board-view';
import { passMoves, type PassMove } from './order-format';

/**
 * The board's keys, wherever focus is on the page (not while typing, nor while a dialog is open): j/k or the arrows
 * move between tickets, b bumps the focused ticket to its next step, a accepts and r rejects a new order, u recalls
 * the last finished tickets, ? lists the keys. Enter opens a ticket's docket (it is a button).
 */
export function useBoardKeys(
  board: RefObject<HTMLElement | null>,
  handlers: { cards: readonly BoardCard[]; onMove: (card: BoardCard, move: PassMove) => void; onRecall: () => void; onShortcuts: () => void },
) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (event.metaKey || event.ctrlKey || event.altKey || event.defaultPrevented) return;
      if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const { cards, onMove, onRecall, onShortcuts } = latest.current;
      if (event.key === '?') {
        event.preventDefault();
        onShortcuts();
        return;
      }
      if (event.key === 'u') {
        event.preventDefault();
        onRecall();
        return;
      }
      const buttons = [...(board.current?.querySelectorAll<HTMLButtonElement>('[data-order-card]') ?? [])];
      const index = buttons.findIndex((button) => button === document.activeElement);
      const step = ['j', 'ArrowDown', 'ArrowRight'].includes(event.key) ? 1 : ['k', 'ArrowUp', 'ArrowLeft'].includes(event.key) ? -1 : 0;
      // The arrows keep their usual meaning (scrolling) until a ticket has focus.
      if (step && buttons.length && (index >= 0 || event.key === 'j' || event.key === 'k')) {
        event.preventDefault();
        buttons[Math.max(0, Math.min(buttons.length - 1, index + step))]!.focus();
        return;
      }
      const focused = index >= 0 ? cards.find((card) => card.id === buttons[index]!.dataset.orderId) : undefined;
      if (!focused) return;
      const moves = passMoves(focused.status, focused.fulfilmentType);
      const chosen =
        event.key === 'b'
          ? moves.find((move) => !move.needsReason)
          : focused.status === 'CREATED' && event.key === 'a'
            ? moves.find((move) => move.status === 'ACCEPTED')
            : focused.status === 'CREATED' && event.key === 'r'
              ? moves.find((move) => move.status === 'REJECTED')
              : undefined;
      if (chosen) {
        event.preventDefault();
        onMove(focused, chosen);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [board]);
}
