import { useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/editing.json?lingui';
import { Field } from '../ui/ui';
import { instantOfWallClock, wallClockAt } from './site-time';
import { SiteTimeInput } from './site-time-input';

/** "Publish at" and "Unpublish at" as a form holds them: the instants (ISO), or empty. */
export interface TPublishTimes {
  publish_at: string;
  unpublish_at: string;
}

/** A stored record's times, as the form holds them. */
export const publishTimesOf = (o: { publish_at?: string | null; unpublish_at?: string | null }): TPublishTimes => ({
  publish_at: o.publish_at ?? '',
  unpublish_at: o.unpublish_at ?? '',
});

/**
 * "Publish at" and "Unpublish at" of news, features and events (decision 032), both optional, picked on the site's
 * clock like the publishing date: an approved record is public from the first until the second.
 */
export function PublishTimeFields({
  value,
  onChange,
  errors,
}: {
  value: TPublishTimes;
  onChange(next: TPublishTimes): void;
  errors: Record<string, string | undefined>;
}) {
  const t = useT(messages);
  const { siteTz } = useServices();
  const field = (name: keyof TPublishTimes, label: string) => (
    <Field label={label} error={errors[name]}>
      {(id, describedBy) => (
        <SiteTimeInput
          id={id}
          value={value[name] ? wallClockAt(Date.parse(value[name]), siteTz) : ''}
          onChange={(local) => onChange({ ...value, [name]: instantOfWallClock(local, siteTz) ?? '' })}
          invalid={Boolean(errors[name])}
          describedBy={describedBy}
        />
      )}
    </Field>
  );
  return (
    <>
      {field('publish_at', t('editing.publishAt'))}
      {field('unpublish_at', t('editing.unpublishAt'))}
    </>
  );
}
