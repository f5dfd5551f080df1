import type { KindParts } from '../../components/editing/form-shared';
import { EventPreview } from './event-detail-page';
import { EventForm } from './event-form';

/** The events' form and preview for the dashboards and the console, in place of a family's (the shell's KIND_PAGES). */
export const eventParts: KindParts = { Form: EventForm, Preview: EventPreview };
