// What a game adds to the page beyond what the engine says of it
// (`games()`: title, sides, players, kinds of run, presets). Everything here
// is the game's own — its board's look, its text for students, and a few
// hooks into the generic panels; the registry (`index.ts`) lists one plug-in
// per game.

import type { BoardView } from '../boards/board';
import type { Thinker } from '../core/thinker';
import type { GameInfo, PresetInfo, RunConfig, RunKindInfo } from '../core/protocol';
import type { PlayPanel } from '../ui/play-panel';

/** A part of a panel a plug-in adds. */
export interface Section {
  element: HTMLElement;
  destroy?(): void;
}

/** What a plug-in's additions to the Play tab can use. */
export interface PlayContext {
  info: GameInfo;
  thinker: Thinker;
  play: PlayPanel;
}

/** What a plug-in's hooks into the Train tab can use. */
export interface RunsContext {
  info: GameInfo;
  board: BoardView;
  /** Shows a tab of the game's panel ("play"). */
  showTab(id: string): void;
  /** Brings the board back where a chart may have taken its place, before the board is used. */
  showBoard(): void;
}

/** A plug-in's hooks into the Train tab. */
export interface RunHooks {
  /** Inputs shown with a preset (under its sentence), given its run
   *  configurations; or null. */
  presetSection?(kind: RunKindInfo, preset: PresetInfo, configs: RunConfig[]): Section | null;
  /** Edits the run configurations of a preset before they start; throws
   *  with a message for people when the inputs are not usable. */
  adjustRuns?(kind: RunKindInfo, preset: PresetInfo, configs: RunConfig[]): RunConfig[];
  destroy?(): void;
}

/**
 * How the game's records are written, for people: the engine reads and
 * writes them (`Session.transcript`, `Session.loadTranscript`).
 */
export interface RecordNotation {
  /** The notation's name ("Othello move string"). */
  name: string;
  /** One sentence on how it reads, for the import box's help. */
  help: string;
  /** A short record in it, shown as the paste box's example. */
  example: string;
}

/**
 * A study the game's page follows, for the "About the studies" view. Only
 * what the project records of it (the five studies' facts are those of
 * their title pages, as listed in docs/studies.md): a bibliographic fact it
 * does not record is left out, never guessed. A game keeps its studies in
 * its folder's `study.json` (read by `study-data.ts`), with the figures its
 * texts quote.
 */
export interface Study {
  /** How the page names it ("The Othello study"); also its anchor's text. */
  name: string;
  /** Its title in English, and in its own language where that differs. */
  title?: string;
  original?: string;
  /** Its authors (with supervisor and examiner where it names them), what kind of work it is, where and when. */
  authors?: string;
  kind?: string;
  year?: string;
  institution?: string;
  published?: string;
  /** How the page cites it in short ("Björkqvist & Wester, KTH 2010"). */
  cite?: string;
  /** What it did, what it found, what the playground reproduces and what it adds (a paragraph each). */
  did: string;
  found?: string;
  reproduces: string;
  adds: string;
}

/** A word of the game's texts explained in a tooltip ("QL1"). */
export interface GlossaryTerm {
  /** The forms found in the texts, whole words ("QL1", "QL2"). */
  words: string[];
  /** What it means, in a sentence or two. */
  meaning: string;
}

export interface GamePlugin {
  /** The engine's name of the game. */
  id: string;
  /** A shorter name for the header on a phone ("Hare & Hounds"), when the title is long. */
  shortTitle?: string;
  /** The studies behind the game's players and runs. */
  studies?: Study[];
  /** An exact score in words, as the engine's hints say it ("wins with its 21st disc"), for the solver's progress. */
  scoreWords?: (score: number) => string;
  /** The game's own words explained in tooltips (the common ones are in `ui/glossary.ts`). */
  glossary?: GlossaryTerm[];
  /** A few paragraphs for students: the game, its players, what is learned and how. */
  about: string[];
  /** The look of the two sides' markers beside the board (CSS backgrounds). */
  sideMarkers: [string, string];
  /** The notation of the game's records (export and import on the Play tab). */
  record: RecordNotation;
  /** A move as sentences name it ("column 4" for Connect Four's "4"); without it, the move's own text ("f5"). */
  moveWords?: (move: string) => string;
  /** The game's board. */
  board(info: GameInfo): BoardView;
  /**
   * Who plays each side when a visitor opens the game (unless the address
   * says): a person and a sensible opponent — a ready-made learned agent
   * ("ready:<id>", from public/ready/manifest.json) or a middling player,
   * not Random. Without it: a person and the game's first computer player.
   */
  defaultPlayers?: [string, string];
  /** Sections added under the Play controls. */
  playSections?(ctx: PlayContext): Section[];
  /** Hooks into the Train tab. */
  runHooks?(ctx: RunsContext): RunHooks;
}
