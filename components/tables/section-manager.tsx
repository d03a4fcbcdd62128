'use client';

import { useActionState } from 'react';
import { addSectionAction, deleteSectionAction, moveSectionAction, renameSectionAction } from '@/app/dashboard/tables/actions';
import { Button } from '@/components/ui/button';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { ConfirmForm } from '@/components/ui/confirm-form';
import { describedBy, errorIdOf, Field, Input } from '@/components/ui/field';
import type { FloorSection } from '@/lib/tables/floor-view';
import type { FormState } from '@/lib/forms';
import { FormFeedback } from './form-feedback';
import { useFloorForm } from './use-floor-form';

function AddSectionForm({ locationId }: { locationId: string }) {
  const form = useFloorForm(addSectionAction);
  const error = form.errorOf('name');
  return (
    <form key={form.formKey} action={form.formAction} onSubmit={form.onSubmit} onChange={form.onChange} noValidate className="space-y-2">
      <input type="hidden" name="locationId" value={locationId} />
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-48 flex-1">
          <Field label="Section name" htmlFor="new-section-name" error={error}>
            <Input id="new-section-name" name="name" defaultValue={form.valueOf('name')} {...describedBy('new-section-name', error)} />
          </Field>
        </div>
        <Button type="submit" disabled={form.pending} className="mt-6">
          {form.pending ? 'Adding…' : 'Add section'}
        </Button>
      </div>
      <FormFeedback error={form.formError} />
    </form>
  );
}

/** A small form whose only input is the section it acts on (move). */
function SectionButton({
  action,
  locationId,
  sectionId,
  label,
  children,
  fields = {},
  disabled,
}: {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  locationId: string;
  sectionId: string;
  label: string;
  children: React.ReactNode;
  fields?: Record<string, string>;
  disabled?: boolean;
}) {
  const [state, formAction, pending] = useActionState<FormState, FormData>(action, {});
  return (
    <form action={formAction} className="inline">
      <input type="hidden" name="locationId" value={locationId} />
      <input type="hidden" name="sectionId" value={sectionId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="ghost" aria-label={label} title={label} disabled={disabled || pending} className="px-2">
        {children}
      </Button>
      {state.error ? (
        <span className="ml-2 text-xs text-red-700" role="alert">
          {state.error}
        </span>
      ) : null}
    </form>
  );
}

function SectionItem({ section, locationId, first, last }: { section: FloorSection; locationId: string; first: boolean; last: boolean }) {
  const form = useFloorForm(renameSectionAction);
  const error = form.errorOf('name');
  const inputId = `section-name-${section.id}`;
  return (
    <li className="space-y-2 py-3">
      <form
        key={form.formKey}
        action={form.formAction}
        onSubmit={form.onSubmit}
        onChange={form.onChange}
        onKeyDown={(event) => {
          // Escape cancels an edit: the name goes back to the saved one, and its message goes.
          if (event.key !== 'Escape') return;
          const input = event.currentTarget.elements.namedItem('name');
          if (input instanceof HTMLInputElement) input.value = section.name;
          form.clearField('name');
        }}
        noValidate
        className="flex flex-wrap items-start gap-2"
      >
        <input type="hidden" name="locationId" value={locationId} />
        <input type="hidden" name="sectionId" value={section.id} />
        <div className="min-w-40 flex-1">
          <label htmlFor={inputId} className="sr-only">
            {`Rename section ${section.name}`}
          </label>
          <Input id={inputId} name="name" defaultValue={form.valueOf('name', section.name)} {...describedBy(inputId, error)} />
          <p id={errorIdOf(inputId)} className="mt-1 text-sm text-red-700 empty:hidden" aria-live="polite">
            {error ?? form.formError}
          </p>
        </div>
        <Button type="submit" variant="secondary" disabled={form.pending}>
          Rename
        </Button>
      </form>
      <div className="flex flex-wrap items-center gap-1">
        <span className="mr-auto text-xs text-stone-600">{section.tableCount === 1 ? '1 table' : `${section.tableCount} tables`}</span>
        <SectionButton
          action={moveSectionAction}
          locationId={locationId}
          sectionId={section.id}
          fields={{ direction: 'up' }}
          label={`Move ${section.name} up`}
          disabled={first}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
        </SectionButton>
        <SectionButton
          action={moveSectionAction}
          locationId={locationId}
          sectionId={section.id}
          fields={{ direction: 'down' }}
          label={`Move ${section.name} down`}
          disabled={last}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </SectionButton>
        <ConfirmForm
          action={deleteSectionAction}
          fields={{ locationId, sectionId: section.id }}
          label={section.tableCount ? `${section.name} has tables; move or delete them first` : `Delete section ${section.name}`}
          disabled={section.tableCount > 0}
          title={`Delete section ${section.name}?`}
          description="The section is removed from the floor plan the POS and apps see."
          confirmLabel="Delete section"
          className="text-red-700"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </ConfirmForm>
      </div>
    </li>
  );
}

/** The sections of the location's floor: add, rename, reorder, and delete the empty ones. */
export function SectionManager({ sections, locationId }: { sections: FloorSection[]; locationId: string }) {
  return (
    <div className="space-y-4">
      <AddSectionForm locationId={locationId} />
      {sections.length ? (
        <ol className="divide-y divide-stone-100" aria-label="Sections">
          {sections.map((section, index) => (
            <SectionItem
              key={`${section.id}:${section.name}`}
              section={section}
              locationId={locationId}
              first={index === 0}
              last={index === sections.length - 1}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-stone-600">No sections yet.</p>
      )}
    </div>
  );
}
