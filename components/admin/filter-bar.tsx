import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';

export interface FilterSpec {
  name: string;
  label: string;
  options?: { value: string; label: string }[];
  type?: 'text' | 'datetime-local';
  placeholder?: string;
}

/** Filters kept in the URL (a plain GET form), so a filtered view can be bookmarked and shared. */
export function FilterBar({ action, filters, values }: { action: string; filters: FilterSpec[]; values: Record<string, string | undefined> }) {
  return (
    <form method="get" action={action} className="mb-4 flex flex-wrap items-end gap-3 text-sm" role="search">
      {filters.map((filter) => (
        <label key={filter.name} className="flex min-w-0 max-w-full flex-col gap-1 text-stone-700">
          {filter.label}
          {filter.options ? (
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
