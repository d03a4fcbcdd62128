import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';

export interface FilterSpec {
  name: string;
  label: string;
  options?: { value: string; label: string }[];
  type?: 'text' | 'datetime-local' | 'checkbox';
  placeholder?: string;
}

/** Filters kept in the URL (a plain GET form), so a filtered view can be bookmarked and shared. */
export function FilterBar({
  action,
  filters,
  values,
  hidden = {},
}: {
  action: string;
  filters: FilterSpec[];
  values: Record<string, string | undefined>;
  /** Kept as they are when the filters change (the page size); a new filter starts again at the first page. */
  hidden?: Record<string, string | undefined>;
}) {
  return (
    <form method="get" action={action} className="mb-4 flex flex-wrap items-end gap-3 text-sm" role="search" aria-label="Filters">
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {filters.map((filter) => (
        <label key={filter.name} className="flex min-w-0 max-w-full flex-col gap-1 text-stone-700">
          {filter.label}
          {filter.type === 'checkbox' ? (
            // A checkbox filter that is on by default sends "off" when cleared (a hidden field before it would be
            // sent either way): its value is "on" or "off", never absent.
            <span className="flex items-center gap-2">
              <input type="checkbox" name={filter.name} value="on" defaultChecked={values[filter.name] !== 'off'} className="h-4 w-4" />
              <input type="hidden" name={`${filter.name}Shown`} value="1" />
            </span>
          ) : filter.options ? (
            <Select name={filter.name} defaultValue={values[filter.name] ?? ''} className="w-auto max-w-full">
              <option value="">any</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          ) : (
            <Input name={filter.name} type={filter.type ?? 'text'} defaultValue={values[filter.name] ?? ''} placeholder={filter.placeholder} className="w-44" />
          )}
        </label>
      ))}
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      <a href={action} className="py-2 text-stone-600 underline">
        Reset
      </a>
    </form>
  );
}
