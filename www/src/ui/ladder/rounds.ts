// Playing a ladder's games: a round works out the games its players still
// lack (in a ladder worker), then each of the ladder's workers plays them
// one after another (a lane per worker) until none is left, as many at once
// as there are workers. A player who joins during a round has its games
// added to it; a pause, a new seed or the panel closing ends the round, and
// games that end after that are dropped. The round's progress is shown as a
// counter and a bar.

import { el } from '../../core/dom';
import { gameKey as key, type Entrant, type LadderWorkers } from '../../core/ladder';
import { messageOf, showNotice } from '../../core/notices';
import type { GameId, LadderGame } from '../../core/protocol';
import type { LadderPlayer } from '../../core/storage';
import { Cancelled, WorkerDied } from '../../core/worker-client';

/** What a round needs of the ladder it plays. */
export interface RoundsHost {
  game: GameId;
  workers: LadderWorkers;
  /** The players who can play now. */
  active(): LadderPlayer[];
  /** The player of that name who can play now, if any. */
  player(name: string): LadderPlayer | undefined;
  entrant(p: LadderPlayer): Promise<Entrant>;
  /** The ladder's table of games, seed and openings per pair, as they are now. */
  table(): string;
  seed(): number;
  openings(): number;
  /** The keys of the games in the table. */
  done: Set<string>;
  /** A game ended: its line goes into the table. */
  record(g: LadderGame, score: number): void;
  /** A player's model could not be read: it plays no more games. */
  cannotRead(name: string, e: unknown): void;
  say(words: string): void;
  /** The round started: the panel is drawn again. */
  started(): void;
  /** The round ended or was paused. */
  stopped(): void;
}

export class LadderRounds {
  playing = false;
  /** Counts rounds of play: a round paused (or played again) is over for its lanes. */
  private round = 0;
  /** Games left to play in this round, being played, and how many the round has. */
  private queue: LadderGame[] = [];
  private flying = new Set<string>();
  private total = 0;
  private played = 0;
  private startedAt = 0;
  /** The workers playing a game of the round, by slot. */
  private lanes: boolean[];
  private retried = new Set<string>();
  /** Lists of games being worked out, and the number of the latest. */
  private refills = 0;
  private refillSeq = 0;
  /** A lane has started in this round (a round with none is ended by `play`). */
  private lanesStarted = false;
  private destroyed = false;

  /** How far the round is, updated with each game (not read out each time). */
  readonly counter = el('p', { className: 'ladder-counter', 'data-testid': 'ladder-counter' });
  readonly progress = el('progress', { className: 'ladder-progress', max: 1, value: 0, hidden: true, 'aria-label': 'Games played in this round' });

  constructor(private readonly host: RoundsHost) {
    this.lanes = Array.from({ length: host.workers.size }, () => false);
  }

  async play(): Promise<void> {
    if (this.playing) return;
    if (this.host.active().length < 2) {
      this.host.say('Add at least two players first.');
      return;
    }
    this.playing = true;
    const round = ++this.round;
    this.lanesStarted = false;
    this.played = 0;
    this.total = 0;
    this.flying.clear();
    this.retried.clear();
    this.queue = [];
    this.startedAt = performance.now();
    this.host.say('Playing the games…');
    this.host.started();
    try {
      // Every model is read before the first game: one that cannot be read stops nothing else.
      for (const p of this.host.active()) {
        if (!p.model) continue;
        try {
          await this.host.entrant(p);
        } catch (e) {
          this.host.cannotRead(p.name, e);
        }
        if (round !== this.round) return;
      }
      await this.refill(round);
      if (round !== this.round) return;
      if (this.total === 0) {
        this.finish(round, 'Every game of these players has been played. Add a player, or more openings, to play more.');
      }
    } catch (e) {
      if (round === this.round) {
        this.finish(round, '');
        showNotice(`The ladder could not play: ${messageOf(e)}`);
      }
    }
  }

  /** Takes new games into the round being played (a player joined, more openings). */
  more(): Promise<void> {
    return this.playing ? this.refill(this.round) : Promise.resolve();
  }

  /** Drops a player's games from the round. */
  drop(name: string): void {
    this.queue = this.queue.filter((g) => g.first !== name && g.second !== name);
    this.total = this.played + this.queue.length + this.flying.size;
  }

  /** Works out the games still to play (at the start, after a player joined, or the openings changed), and plays them. */
  private async refill(round: number): Promise<void> {
    const players = this.host.active().map((p) => ({ name: p.name, side: p.side ?? null }));
    let todo: LadderGame[] = [];
    // Only the latest list counts: an older one, answered later, lacks a player who joined since.
    const seq = ++this.refillSeq;
    this.refills++;
    try {
      if (players.length >= 2) todo = await this.host.workers.todo(this.host.game, this.host.table(), players, this.host.openings());
    } catch (e) {
      if (e instanceof Cancelled || round !== this.round) return;
      if (this.played > 0 || this.lanes.some(Boolean)) {
        showNotice(`The new games could not be listed: ${messageOf(e)}`);
        return;
      }
      throw e;
    } finally {
      this.refills--;
    }
    if (round !== this.round || !this.playing) return;
    if (seq !== this.refillSeq) {
      // A newer list was applied; this one may have been the last thing the round waited for.
      if (this.lanesStarted) this.finishIfDone(round);
      return;
    }
    // Games that ended while the list was worked out are not played again.
    this.queue = todo.filter((g) => !this.host.done.has(key(g)) && !this.flying.has(key(g)));
    this.total = this.played + this.queue.length + this.flying.size;
    this.startLanes(round);
    this.render();
    // A list worked out after the last lane ended, with nothing new in it.
    if (this.lanesStarted) this.finishIfDone(round);
  }

  /** Starts a lane on each free worker while more games wait than lanes play them. */
  private startLanes(round: number): void {
    for (let slot = 0; slot < this.lanes.length; slot++) {
      if (this.queue.length <= this.lanes.filter(Boolean).length) break;
      if (this.lanes[slot]) continue;
      this.lanes[slot] = true;
      this.lanesStarted = true;
      void this.lane(slot, round);
    }
  }

  /** One worker plays the round's games one after another, until none is left. */
  private async lane(slot: number, round: number): Promise<void> {
    const current = () => round === this.round && this.playing && !this.destroyed;
    try {
      while (current()) {
        const g = this.queue.shift();
        if (!g) break;
        const k = key(g);
        if (this.host.done.has(k) || this.flying.has(k)) continue;
        const first = this.host.player(g.first);
        const second = this.host.player(g.second);
        if (!first || !second) continue;
        this.flying.add(k);
        try {
          let a: Entrant, b: Entrant;
          try {
            [a, b] = [await this.host.entrant(first), await this.host.entrant(second)];
          } catch (e) {
            // One player's model cannot be read: it stops, the others play on.
            for (const p of [first, second]) {
              try {
                await this.host.entrant(p);
              } catch {
                this.host.cannotRead(p.name, e);
              }
            }
            continue;
          }
          if (!current()) break;
          const score = await this.host.workers.play(slot, this.host.game, g, a, b, this.host.seed());
          // A player removed, a new seed, or a new round while the game was played: the game is dropped.
          if (!current() || this.host.done.has(k) || !this.host.player(g.first) || !this.host.player(g.second)) continue;
          this.played++;
          this.host.record(g, score);
          this.render();
        } catch (e) {
          if (e instanceof Cancelled || !current()) break;
          if (e instanceof WorkerDied && !this.retried.has(k)) {
            // Once more on the fresh worker; a game that kills it twice stops the ladder.
            this.retried.add(k);
            this.queue.unshift(g);
            continue;
          }
          this.pause();
          showNotice(`The ladder stopped: ${g.first} against ${g.second}, opening ${g.opening + 1}: ${messageOf(e)}. The games played so far are kept.`);
          break;
        } finally {
          this.flying.delete(k);
        }
      }
    } finally {
      this.lanes[slot] = false;
      if (current()) this.finishIfDone(round);
      // A lane of a round before: its worker is free for this one.
      else if (this.playing) this.startLanes(this.round);
    }
  }

  /** The round ends when no lane plays and no list of games is being worked out. */
  private finishIfDone(round: number): void {
    if (this.refills === 0 && this.queue.length === 0 && !this.lanes.some(Boolean)) this.finish(round, `All ${this.total.toLocaleString('en')} games played.`);
  }

  /** The round is over: `words` say how it ended. */
  private finish(round: number, words: string): void {
    if (round !== this.round) return;
    this.playing = false;
    this.round++;
    if (words) this.host.say(words);
    this.render();
    this.host.stopped();
  }

  /** Pauses the round: the games being played are dropped, those played kept. */
  pause(words = 'Paused. The games played so far are kept.'): void {
    if (!this.playing) return;
    this.playing = false;
    this.round++;
    this.queue = [];
    this.host.workers.cancel();
    this.host.say(words);
    this.render();
    this.host.stopped();
  }

  render(): void {
    const on = this.playing && this.total > 0;
    this.progress.hidden = !on;
    this.counter.hidden = !on;
    this.progress.max = Math.max(1, this.total);
    this.progress.value = this.played;
    if (on) {
      const secs = (performance.now() - this.startedAt) / 1000;
      const n = this.host.workers.size;
      const rate = secs > 0.5 ? ` · ${(this.played / secs).toFixed(1)} games/s on ${n} worker${n > 1 ? 's' : ''}` : '';
      this.counter.textContent = `${this.played.toLocaleString('en')} of ${this.total.toLocaleString('en')} games${rate}`;
    }
  }

  destroy(): void {
    this.destroyed = true;
    this.playing = false;
    this.round++;
  }
}
