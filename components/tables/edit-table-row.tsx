'use client';

import { useEffect } from 'react';
import { editTableAction } from '@/app/dashboard/tables/actions';
import { Button } from '@/components/ui/button';
import { describedBy, errorIdOf, Input, Select } from '@/components/ui/field';
import type { FloorSection, FloorTable } from '@/lib/tables/floor-view';
import { SectionOptions } from './add-table-form';
import { useFloorForm } from './use-floor-form';

/**
 * A table row in edit mode: its number and section (moving it to another section) in place. The inputs sit in the
 * row's cells and belong to the form in the last cell through their `form` attribute.
 */
export function EditTableRow({ table, sections, locationId, onDone }: { table: FloorTable; sections: FloorSection[]; locationId: string; onDone: () => void }) {
  const form = useFloorForm(editTableAction);
  const formId = `edit-table-${table.id}`;
  const numberError = form.errorOf('number');
  useEffect(() => {
    if (form.state.message) onDone();
  }, [form.state, onDone]);
  return (
    <tr
      aria-label={`Editing table ${table.number}`}
      className="bg-stone-50"
      onKeyDown={(event) => {
        // Escape cancels the edit.
        if (event.key === 'Escape') onDone();
      }}
    >
      <td className="px-2 py-2 align-top">
        <label htmlFor={`${formId}-number`} className="sr-only">{`New number for table ${table.number}`}</label>
        <Input
          id={`${formId}-number`}
          form={formId}
          name="number"
          key={form.formKey}
          autoFocus
          defaultValue={form.valueOf('number', table.number)}
          {...describedBy(`${formId}-number`, numberError)}
        />
        <p id={errorIdOf(`${formId}-number`)} className="mt-1 text-sm text-red-700 empty:hidden" aria-live="polite">
          {numberError}
        </p>
      </td>
      <td className="px-2 py-2 align-top">
        <label htmlFor={`${formId}-section`} className="sr-only">{`Section of table ${table.number}`}</label>
        <Select id={`${formId}-section`} form={formId} name="sectionId" key={form.formKey} defaultValue={form.valueOf('sectionId', table.sectionId ?? '')}>
          <SectionOptions sections={sections} />
        </Select>
      </td>
      <td colSpan={2} className="px-2 py-2 align-top text-sm text-red-700" role={form.formError ? 'alert' : undefined}>
        {form.formError}
      </td>
      <td className="whitespace-nowrap px-2 py-2 text-right align-top">
        <form id={formId} action={form.formAction} onSubmit={form.onSubmit} onChange={form.onChange} noValidate className="inline">
          <input type="hidden" name="locationId" value={locationId} />
          <input type="hidden" name="tableId" value={table.id} />
          <Button type="submit" disabled={form.pending} className="px-2 py-1">
            Save
          </Button>
        </form>
        <Button type="button" variant="ghost" className="px-2 py-1" onClick={onDone}>
          Cancel
        </Button>
      </td>
    </tr>
  );
}
