// A form built from the engine's field specifications: a label, an input
// with its range and a line of help for each field. Field ids are dotted
// paths into a settings object ("hounds.alpha" is `config.hounds.alpha`), so
// the form reads and writes run configurations whatever their shape.

import { el } from '../core/dom';
import type { FieldSpec } from '../core/protocol';
import { pageGlossed } from './glossary';

export type Settings = Record<string, unknown>;
type Input = HTMLInputElement | HTMLSelectElement;

/** The value at a dotted path, if there is one. */
export function getPath(obj: Settings, path: string): unknown {
  let v: unknown = obj;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Settings)[key];
  }
  return v;
}

/** Sets the value at a dotted path, making the objects on the way. */
export function setPath(obj: Settings, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = obj;
  for (const key of keys.slice(0, -1)) {
    const next = o[key];
    if (next === null || typeof next !== 'object') o[key] = {};
    o = o[key] as Settings;
  }
  o[keys[keys.length - 1]] = value;
}

/** A deep copy of plain data. */
export function clone<T>(v: T): T {
  return structuredClone(v);
}

/**
 * A field's value from text (an address's "10", "true"), or null when the
 * text is not one of the field's values.
 */
export function parseField(f: FieldSpec, text: string): unknown {
  switch (f.type) {
    case 'bool':
      return text === 'true' ? true : text === 'false' ? false : null;
    case 'choice':
      return f.options.some((o) => o.value === text) ? text : null;
    case 'int': {
      const v = Number(text);
      return text.trim() !== '' && Number.isInteger(v) && v >= f.min && v <= f.max ? v : null;
    }
    case 'float': {
      const v = Number(text);
      return text.trim() !== '' && Number.isFinite(v) && v >= f.min && v <= f.max ? v : null;
    }
  }
}

export class FieldForm {
  readonly element: HTMLElement;
  private readonly inputs = new Map<string, Input>();
  private readonly rows = new Map<string, HTMLElement>();

  /**
   * @param prefix the inputs' ids and test ids are `${prefix}-${field.id}`
   * @param onEdit called with a field's id when the visitor changes it
   */
  constructor(
    readonly fields: FieldSpec[],
    prefix: string,
    private readonly onEdit: (id: string) => void = () => {},
  ) {
    this.element = el('div', { className: 'fields' });
    for (const f of fields) {
      const id = `${prefix}-${f.id}`;
      const input = this.input(f, id);
      const help = el('small', { className: 'field-help', id: `${id}-help` }, ...pageGlossed(f.help));
      input.setAttribute('aria-describedby', help.id);
      input.addEventListener('change', () => this.onEdit(f.id));
      this.inputs.set(f.id, input);
      const row =
        f.type === 'bool'
          ? el('div', { className: 'field field-bool' }, el('label', { htmlFor: id }, input, ` ${f.label}`), help)
          : el('div', { className: 'field' }, el('label', { htmlFor: id }, f.label), input, help);
      this.rows.set(f.id, row);
      this.element.append(row);
    }
    this.fill(this.defaults());
  }

  private input(f: FieldSpec, id: string): Input {
    switch (f.type) {
      case 'choice': {
        const s = el('select', { id, 'data-testid': id });
        for (const o of f.options) s.append(el('option', { value: o.value }, o.label));
        return s;
      }
      case 'bool':
        return el('input', { id, 'data-testid': id, type: 'checkbox' });
      case 'int':
        return el('input', { id, 'data-testid': id, type: 'number', min: f.min, max: f.max, step: 1, inputMode: 'numeric' });
      case 'float':
        return el('input', { id, 'data-testid': id, type: 'number', min: f.min, max: f.max, step: f.step, inputMode: 'decimal' });
    }
  }

  /** A settings object with every field at its default. */
  defaults(): Settings {
    const out: Settings = {};
    for (const f of this.fields) setPath(out, f.id, f.default);
    return out;
  }

  /** Shows the fields' values in `settings` (fields it lacks keep theirs). */
  fill(settings: Settings): void {
    for (const f of this.fields) {
      const v = getPath(settings, f.id);
      if (v === undefined) continue;
      const input = this.inputs.get(f.id)!;
      // The settings' JSON holds a number, string or boolean for every field.
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      const text = String(v);
      if (f.type === 'choice') this.choose(input as HTMLSelectElement, text);
      else if (f.type === 'bool') (input as HTMLInputElement).checked = v === true;
      // Learners keep some settings in single precision (0.1 comes back as 0.10000000149011612).
      else if (f.type === 'float' && typeof v === 'number') input.value = String(Number(v.toPrecision(7)));
      else input.value = text;
    }
  }

  /** Selects `value`; a value the field does not list (a preset's own, such
   *  as a learning opponent) is added to its options while it is shown. */
  private choose(select: HTMLSelectElement, value: string): void {
    for (const o of [...select.options]) if (o.dataset.extra) o.remove();
    if (![...select.options].some((o) => o.value === value)) {
      select.append(el('option', { value, 'data-extra': 'true' }, `${value} (as the preset has it)`));
    }
    select.value = value;
  }

  /** One field's value as written, checked; throws a sentence and focuses the field. */
  private value(f: FieldSpec): unknown {
    const input = this.inputs.get(f.id)!;
    const fail = (why: string): never => {
      input.focus();
      throw new Error(`${f.label}: ${why}`);
    };
    switch (f.type) {
      case 'bool':
        return (input as HTMLInputElement).checked;
      case 'choice':
        return input.value;
      case 'int': {
        const v = Number(input.value);
        if (input.value.trim() === '' || !Number.isInteger(v) || v < f.min || v > f.max) {
          fail(`a whole number from ${f.min.toLocaleString('en-US')} to ${f.max.toLocaleString('en-US')}, please`);
        }
        return v;
      }
      case 'float': {
        const v = Number(input.value);
        if (input.value.trim() === '' || !Number.isFinite(v) || v < f.min || v > f.max) fail(`a number from ${f.min} to ${f.max}, please`);
        return v;
      }
    }
  }

  /** `base` (or an empty object) with the fields' values written in. */
  read(base: Settings = {}): Settings {
    const out = clone(base);
    for (const f of this.fields) setPath(out, f.id, this.value(f));
    return out;
  }

  /** The fields' values as they stand, or null while one is not a value (nothing is focused or said: for a reader that only looks). */
  peek(): Settings | null {
    const out: Settings = {};
    for (const f of this.fields) {
      const v = parseField(f, this.text(f.id));
      if (v === null) return null;
      setPath(out, f.id, v);
    }
    return out;
  }

  /** Tells the form's listener that every field may have changed (after a `fill` the visitor asked for). */
  edited(): void {
    for (const f of this.fields) this.onEdit(f.id);
  }

  /** A field's value as shown, as text ("10", "true"; a choice's value). */
  text(id: string): string {
    const input = this.inputs.get(id);
    if (!input) return '';
    return input instanceof HTMLInputElement && input.type === 'checkbox' ? String(input.checked) : input.value;
  }

  /** A field's value as shown, for people ("10", "yes"; a choice's label). */
  shown(id: string): string {
    const input = this.inputs.get(id);
    if (!input) return '';
    if (input instanceof HTMLSelectElement) return input.selectedOptions[0]?.textContent ?? input.value;
    return input.type === 'checkbox' ? (input.checked ? 'yes' : 'no') : input.value;
  }

  /** The input of a field. */
  inputOf(id: string): Input | undefined {
    return this.inputs.get(id);
  }

  /** Shows only the fields `keep` accepts (all without it). */
  showOnly(keep?: (id: string) => boolean): void {
    for (const [id, row] of this.rows) row.hidden = keep ? !keep(id) : false;
  }
}
