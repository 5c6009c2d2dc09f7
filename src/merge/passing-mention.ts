import type { IncidentMention } from '../core/types.js';
import { isImplied, isResolved } from './compatibility.js';

/**
 * A passing mention: a clause that says neither when its incident happened nor how many were
 * killed or hurt ("the suspect was charged in the shooting", "the square became a gathering point
 * for people fleeing the city"). Alone, it is no incident a coder would list: it refers to one its
 * report tells elsewhere, or tells only that something happened somewhere. Several such clauses
 * that joined each other, or one with its own date or a toll, still make an event.
 */
export function isPassingMention(m: IncidentMention): boolean {
  const ownDate = isResolved(m.date) && !isImplied(m.date);
  return !ownDate && m.killed === null && m.injured === null;
}
