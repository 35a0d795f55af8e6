// What the Ladder tab says its games are, from the ladder's own data: a
// game whose sides differ pairs each player of one side with each of the
// other; elsewhere each pair plays each opening once with each colour, and
// a player of one side only (a model that learned one side) plays its games
// on that side and never meets another of the same side.

/** A ladder's player as far as the words need it: the only side it plays, or none. */
export interface SidedName {
  side?: 0 | 1 | null;
}

/** How many of `players` play only side 0 and only side 1. */
function oneSided(players: SidedName[]): [number, number] {
  const n: [number, number] = [0, 0];
  for (const p of players) if (p.side === 0 || p.side === 1) n[p.side]++;
  return n;
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * The games of the ladder in a sentence or two: `sides` are the game's two
 * sides, first mover first; `perSide`, whether each player plays one side
 * (sides that differ); `players`, the ladder's players now.
 */
export function howTheyPlay(sides: [string, string], perSide: boolean, players: SidedName[]): string {
  if (perSide) return `Every ${sides[0]} player in the ladder plays every ${sides[1]} player from the same starting positions, each always on its own side.`;
  const [first, second] = oneSided(players);
  const all = 'Every player in the ladder plays every other from the same starting positions, once on each side';
  const only = (n: number, side: 0 | 1) =>
    n > 0 ? [`${count(n, 'player plays', 'players play')} only as ${sides[side]}${side === 0 ? ' (who moves first)' : ''}: ${n === 1 ? 'it meets' : 'they meet'} the others once from each position${n > 1 ? ', and not each other' : ''}.`] : [];
  const parts = [...only(first, 0), ...only(second, 1)];
  return parts.length === 0 ? `${all}.` : `${all} where both can. ${parts.join(' ')}`;
}

/** What the openings setting means for the ladder's games. */
export function openingsHelp(total: number, sides: [string, string], perSide: boolean, players: SidedName[]): string {
  const each = perSide
    ? `Each pair of a ${sides[0]} player and a ${sides[1]} player plays this many of the ${total} shipped starting positions, once each`
    : `Each pair of players plays this many of the ${total} shipped starting positions, each once with each colour${oneSided(players).some((n) => n > 0) ? ' (once, where a player plays one colour only)' : ''}`;
  return `${each}. More openings: narrower intervals, more games.`;
}
