import type { MessageKey } from '../messages';

let note: MessageKey | undefined;

/** Why the last session ended (shown once on the sign-in screen). */
export const sessionEnded = {
  set: (key: MessageKey) => void (note = key),
  take(): MessageKey | undefined {
    const taken = note;
    note = undefined;
    return taken;
  },
};
