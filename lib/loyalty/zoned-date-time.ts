/**
 * An instant as RFC 3339 local time of `timeZone` with its offset (e.g. `2021-10-11T11:00:01.000+11:00`), the way the
 * reference API writes a payment's `zonedDateTime` in the location's own time.
 */
export function zonedDateTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  // longOffset is `GMT+11:00`, or plain `GMT` at UTC.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.replace('GMT', '');
  const millis = String(instant.getUTCMilliseconds()).padStart(3, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${millis}${offset}`;
}
