// The model library, opened once for the Hare and Hounds views.

import { ModelLibrary } from '../storage';

let library: Promise<ModelLibrary> | null = null;

export function hhLibrary(): Promise<ModelLibrary> {
  library ??= ModelLibrary.open();
  return library;
}
