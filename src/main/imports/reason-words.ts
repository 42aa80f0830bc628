import type { AdjustmentReason } from '../../shared/ipc/records';
import { ADJUSTMENT_REASONS } from '../../shared/ipc/value-lists';

/**
 * A reason as a sheet writes it: the service's own word, or the word the desk shows for it in any
 * of its five languages (the same words as the window's catalogues), any case.
 */
const WORDS: Record<AdjustmentReason, readonly string[]> = {
  received: ['received', 'wareneingang', 'réception', 'ontvangen', 'przyjęcie'],
  damaged: ['damaged', 'beschädigt', 'endommagé', 'beschadigd', 'uszkodzenie'],
  lost: ['lost', 'verlust', 'perdu', 'verloren', 'zagubienie'],
  found: ['found', 'gefunden', 'retrouvé', 'gevonden', 'znalezienie'],
  count_correction: ['count correction', 'inventurkorrektur', 'correction d’inventaire', "correction d'inventaire", 'telcorrectie', 'korekta inwentaryzacyjna'],
  returned: ['returned', 'retoure', 'retour', 'zwrot'],
  other: ['other', 'sonstiges', 'autre', 'overig', 'inne'],
};

const BY_WORD = new Map<string, AdjustmentReason>(ADJUSTMENT_REASONS.flatMap((reason) => [[reason, reason] as const, ...WORDS[reason].map((w) => [w, reason] as const)]));

export function reasonOf(cell: string): AdjustmentReason | null {
  return BY_WORD.get(cell.trim().toLowerCase().replace(/\s+/g, ' ')) ?? null;
}
