import { t } from '../messages';

/** A section not built yet (issue #21 fills them in). */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section>
      <h1>{title}</h1>
      <p>{t('placeholder.body')}</p>
    </section>
  );
}
