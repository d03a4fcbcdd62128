'use client';

import { addTableAction } from '@/app/dashboard/tables/actions';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import type { FloorSection } from '@/lib/tables/floor-view';
import { FormFeedback } from './form-feedback';
import { useFloorForm } from './use-floor-form';

export function SectionOptions({ sections }: { sections: FloorSection[] }) {
  return (
    <>
      <option value="">No section</option>
      {sections.map((section) => (
        <option key={section.id} value={section.id}>
          {section.name}
        </option>
      ))}
    </>
  );
}

/** A new table: its number (the API's rule) and, optionally, its section. */
export function AddTableForm({ sections, locationId }: { sections: FloorSection[]; locationId: string }) {
  const form = useFloorForm(addTableAction);
  const numberError = form.errorOf('number');
  const sectionError = form.errorOf('sectionId');
  return (
    <form key={form.formKey} action={form.formAction} onSubmit={form.onSubmit} onChange={form.onChange} noValidate className="mb-4 space-y-2">
      <input type="hidden" name="locationId" value={locationId} />
      <div className="flex flex-wrap items-start gap-3">
        <div className="w-full sm:w-48">
          <Field label="Table number" htmlFor="new-table-number" error={numberError}>
            <Input id="new-table-number" name="number" defaultValue={form.valueOf('number')} {...describedBy('new-table-number', numberError)} />
          </Field>
        </div>
        <div className="w-full sm:w-48">
          <Field label="Section" htmlFor="new-table-section" error={sectionError}>
            <Select
              id="new-table-section"
              name="sectionId"
              defaultValue={form.valueOf('sectionId', sections[0]?.id ?? '')}
              {...describedBy('new-table-section', sectionError)}
            >
              <SectionOptions sections={sections} />
            </Select>
          </Field>
        </div>
        <Button type="submit" disabled={form.pending} className="sm:mt-6">
          Add table
        </Button>
      </div>
      <FormFeedback error={form.formError} />
    </form>
  );
}
