import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ladderPlace, ratingFigures, ratingWord, STRENGTH_WORDS, ratingWords, seatOf, sideRange, type LadderSeat, type ReadyLadder } from './ready';

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

  it('words a rating by its place among its side’s players, counted in players from the random one up: the random player is never more than weak', () => {
    expect(sideRange(ladder, 0)).toEqual({ low: ladder.seats[4], high: ladder.seats[0] });
    // Side 0's steps: 0 (Random), 250, 300, 500, 800.
    expect([0, 250, 275, 300, 400, 500, 501, 800, 900, -50].map((e) => ratingWord(e, ladder, 0))).toEqual(['weak', 'weak', 'fair', 'fair', 'good', 'good', 'strong', 'strong', 'strong', 'weak']);
    expect(ladderPlace(400, ladder, 0)).toBeCloseTo(0.625);
    // Side 1 has no First: 300 is a third of the way up.
    expect(ratingWord(300, ladder, 1)).toBe('fair');
    // Where the sides differ each side has its own range: its own random player at the bottom.
    const sides: ReadyLadder = {
      ...ladder,
      perSide: true,
      seats: [seat('Perfect as Hare', 1100, { player: 'perfect', side: 1 }), seat('Random as Hare', 700, { player: 'random', side: 1 }), seat('Perfect as Hounds', 1000, { player: 'perfect', side: 0 }), seat('Random as Hounds', 0, { player: 'random', side: 0 })],
    };
    expect(ratingWord(700, sides, 1)).toBe('weak');
    expect(ratingWord(700, sides, 0)).toBe('good');
    expect(ratingWords(sides, 1, (s) => s.name)).toContain('from Random as Hare (700: weak) up to the strongest, Perfect as Hare (1100: strong)');
  });

  it('does not call the second-weakest player good when the random player, losing every game, is rated far below the rest', () => {
    // A ladder whose random player lost all its games (as one game's shipped one).
    const far: ReadyLadder = {
      ...ladder,
      anchor: 'Greedy',
      seats: [
        seat('Engine, level 3', 545, { player: 'engine', settings: { level: 3 } }),
        seat('Engine, level 2', 385, { player: 'engine', settings: { level: 2 } }),
        seat('Engine, level 1', 231, { player: 'engine', settings: { level: 1 } }),
        seat('TD 30k', 167, { player: 'model', model: 'td-30000' }),
        seat('TD 2k', 105, { player: 'model', model: 'td-2000' }),
        seat('TD 500', 95, { player: 'model', model: 'td-500' }),
        seat('Hand-set weights', 48, { player: 'hand' }),
        seat('Greedy', 0, { interval: 0 }),
        seat('Random', -1393, { interval: 653 }),
      ],
    };
    const words = far.seats.map((s) => ratingWord(s.elo, far, 0));
    expect(words).toEqual(['strong', 'strong', 'good', 'good', 'fair', 'fair', 'weak', 'weak', 'weak']);
    // Learned tables rated just below Random, which stays weak, as do they.
    const below: ReadyLadder = {
      ...ladder,
      seats: [seat('Perfect', 662, { player: 'perfect' }), seat('Leftmost column', 126, { player: 'stupid' }), seat('Random', 0, { interval: 0 }), seat('Table', -52, { player: 'model', model: 'win-100000', side: 0 })],
    };
    expect(below.seats.map((s) => ratingWord(s.elo, below, 0))).toEqual(['strong', 'fair', 'weak', 'weak']);
  });

  it('gives the player rated 0 no interval: it is the scale’s fixed zero', () => {
    const random = ladder.seats[4];
    expect(ratingFigures(ladder, random)).toBe('0,\u00a0the\u00a0scale’s\u00a0fixed\u00a0zero');
    expect(ratingFigures(ladder, random, ' Elo')).toBe('0 Elo,\u00a0the\u00a0scale’s\u00a0fixed\u00a0zero');
    expect(ratingFigures(ladder, random)).not.toMatch(/ /);
    expect(ratingFigures(ladder, ladder.seats[1])).toBe('500\u00a0±\u00a030');
    expect(ratingWords(ladder, 0, (s) => s.name)).toContain('Random is 0, fixed');
  });
});

describe('the words of every shipped ladder', () => {
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../public/ready/manifest.json', import.meta.url)), 'utf8')) as { games: Record<string, { ladder?: ReadyLadder }> };
  for (const [game, g] of Object.entries(manifest.games)) {
    const ladder = g.ladder;
    if (!ladder) continue;
    for (const side of [0, 1] as const) {
      it(`${game}, side ${side}: random is weak, the strongest strong, words follow the ratings, and none below the middle player reads good`, () => {
        const seats = ladder.seats.filter((s) => s.side === null || s.side === side).sort((a, b) => a.elo - b.elo);
        const words = seats.map((s) => STRENGTH_WORDS.indexOf(ratingWord(s.elo, ladder, side)));
        for (const [i, s] of seats.entries()) {
          if (s.player === 'random') expect(words[i], s.name).toBe(0);
          if (i > 0) expect(words[i], `${s.name} after ${seats[i - 1].name}`).toBeGreaterThanOrEqual(words[i - 1]);
          if (i < seats.length / 2) expect(words[i], `${s.name}: ${i + 1} of ${seats.length} from the bottom`).toBeLessThanOrEqual(1);
        }
        expect(words[words.length - 1]).toBe(3);
      });
    }
  }
});
