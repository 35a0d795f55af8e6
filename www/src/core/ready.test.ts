import { describe, expect, it } from 'vitest';
import { ratingWord, ratingWords, seatOf, sideRange, type LadderSeat, type ReadyLadder } from './ready';

const seat = (name: string, elo: number, extra: Partial<LadderSeat> = {}): LadderSeat => ({ name, player: name.toLowerCase(), side: null, elo, interval: 30, games: 100, score: 50, ...extra });

const ladder: ReadyLadder = {
  openings: 10,
  seed: 1,
  anchor: 'Random',
  perSide: false,
  table: 'g-ladder.tsv',
  command: 'scripts/ladder.sh --game g',
  seats: [
    seat('Search, level 2', 800, { player: 'search', settings: { level: 2 } }),
    seat('Net', 500, { player: 'model', model: 'net-1000' }),
    seat('Search, level 1', 300, { player: 'search', settings: { level: 1 } }),
    seat('First', 250, { player: 'model', model: 'first-10', side: 0 }),
    seat('Random', 0),
  ],
};

describe('ratings on a ladder', () => {
  it('finds a player’s seat by its settings as set now, a model by its id, and only on the sides it plays', () => {
    expect(seatOf(ladder, { player: 'search', settings: { level: 2, width: 0 } }, 0)?.elo).toBe(800);
    expect(seatOf(ladder, { player: 'search', settings: { level: 3 } }, 0)).toBeNull();
    expect(seatOf(ladder, { player: 'random', settings: {} }, 1)?.name).toBe('Random');
    expect(seatOf(ladder, { model: 'net-1000' }, 1)?.elo).toBe(500);
    expect(seatOf(ladder, { model: 'first-10' }, 0)?.elo).toBe(250);
    expect(seatOf(ladder, { model: 'first-10' }, 1)).toBeNull();
  });

  it('words a rating by the quarter of its side’s range it is in: the random player is never more than weak', () => {
    expect(sideRange(ladder, 0)).toEqual({ low: ladder.seats[4], high: ladder.seats[0] });
    expect([0, 199, 200, 399, 400, 600, 800, -50].map((e) => ratingWord(e, ladder, 0))).toEqual(['weak', 'weak', 'fair', 'fair', 'good', 'strong', 'strong', 'weak']);
    // Where the sides differ each side has its own range: its own random player at the bottom.
    const sides: ReadyLadder = {
      ...ladder,
      perSide: true,
      seats: [seat('Perfect as Hare', 1100, { player: 'perfect', side: 1 }), seat('Random as Hare', 700, { player: 'random', side: 1 }), seat('Perfect as Hounds', 1000, { player: 'perfect', side: 0 }), seat('Random as Hounds', 0, { player: 'random', side: 0 })],
    };
    expect(ratingWord(700, sides, 1)).toBe('weak');
    expect(ratingWord(700, sides, 0)).toBe('good');
    expect(ratingWords(sides, 1, (s) => s.name)).toContain('from Random as Hare (700: weak) to the strongest rated here, Perfect as Hare (1100: strong)');
  });
});
