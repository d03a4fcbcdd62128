import { Dialog, DialogContent } from '@/components/ui/dialog';

export const SHORTCUTS: [keys: string, what: string][] = [
  ['j / ↓ / →', 'Next ticket'],
  ['k / ↑ / ←', 'Previous ticket'],
  ['Enter', 'Open the ticket’s docket'],
  ['b', 'Bump the ticket to its next step'],
  ['a', 'Accept a new order'],
  ['r', 'Reject a new order (asks why)'],
  ['u', 'Recall the last finished tickets'],
  ['?', 'This list'],
];

/** The board's keys, behind "?". */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title="Keyboard shortcuts">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {SHORTCUTS.map(([keys, what]) => (
              <div key={keys} className="contents">
                <dt>
                  <kbd className="rounded border border-stone-300 bg-stone-50 px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
