import { Button } from '@payrail/web';
import { useState } from 'react';
import { t } from '../messages';

/** Copies `value` to the clipboard; its name says what (e.g. "Copy link"), and it says when it worked. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <span className="copy">
      <Button variant="secondary" onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" className="copy-state">
        {state === 'copied' ? t('copy.done') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
