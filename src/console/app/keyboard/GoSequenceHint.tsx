import { Kbd, Text } from '@mantine/core';
import classes from './keyboard.module.css';

/** Shown while a go sequence awaits a screen's keys, so the member knows g (and what followed) was taken. */
export function GoSequenceHint({ pending, typed = '' }: { pending: boolean; typed?: string }) {
  return (
    <div className={classes.goHint} role="status" aria-live="polite">
      {pending && (
        <div className={classes.goHintBadge}>
          <Kbd size="sm">g</Kbd>
          {[...typed].map((key, i) => (
            <Kbd key={i} size="sm">
              {key}
            </Kbd>
          ))}
          <Text span size="sm">
            … go to: press {typed ? 'the next key' : 'a screen key'} (? lists them)
          </Text>
        </div>
      )}
    </div>
  );
}
