import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** SPEC §9 display format, in the site's time zone on server and browser alike (DESIGN §4). */
export const formatDateTime = (iso: string, tz: string) => dayjs(iso).tz(tz).format('YYYY-MM-DD dddd h:mm A');
