'use client';

import { useActionState } from 'react';
import { addSectionAction, deleteSectionAction, moveSectionAction, renameSectionAction } from '@/app/dashboard/tables/actions';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import type { FloorSection } from '@/lib/tables/floor';
import { renameSectionFormSchema, sectionFormSchema, type FloorFormState } from '@/lib/tables/floor-forms';
import { FormFeedback } from './form-feedback';
import { useFloorForm } from './use-floor-form';

function AddSectionForm({ locationId }: { locationId: string }) {
  const form = useFloorForm(addSectionAction, sectionFormSchema);
  const error = form.errorOf('name');
  return (
    <form key={form.formKey} action={form.formAction} onSubmit={form.onSubmit} noValidate className="space-y-2">
      <input type="hidden" name="locationId" value={locationId} />
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field label="Section name" htmlFor="new-section-name" error={error}>
            <Input
              id="new-section-name"
              name="name"
              defaultValue={form.state.values?.name}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'new-section-name-error' : undefined}
            />
          </Field>
        </div>
        <Button type="submit" disabled={form.pending}>
          Add section
        </Button>
      </div>
      <FormFeedback state={form.state} />
    </form>
  );
}

/** A small form whose only input is the section it acts on (move or delete). */
function SectionButton({
  action,
  locationId,
  sectionId,
  label,
  children,
  fields = {},
  disabled,
  variant = 'ghost',
}: {
  action: (previous: FloorFormState, formData: FormData) => Promise<FloorFormState>;
  locationId: string;
  sectionId: string;
  label: string;
  children: React.ReactNode;
  fields?: Record<string, string>;
  disabled?: boolean;
  variant?: 'ghost' | 'danger';
}) {
  const [state, formAction, pending] = useActionState<FloorFormState, FormData>(action, {});
  return (
    <form action={formAction} className="inline">
      <input type="hidden" name="locationId" value={locationId} />
      <input type="hidden" name="sectionId" value={sectionId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} aria-label={label} title={label} disabled={disabled || pending} className="px-2 py-1">
        {children}
      </Button>
      {state.error ? (
        <span className="ml-2 text-xs text-red-600" role="alert">
          {state.error}
        </span>
      ) : null}
    </form>
  );
}

function SectionItem({ section, locationId, first, last }: { section: FloorSection; locationId: string; first: boolean; last: boolean }) {
  const form = useFloorForm(renameSectionAction, renameSectionFormSchema);
  const error = form.errorOf('name');
  const inputId = `section-name-${section.id}`;
  return (
    <li className="flex flex-wrap items-start gap-2 py-2">
      <form key={form.formKey} action={form.formAction} onSubmit={form.onSubmit} noValidate className="flex flex-1 items-start gap-2">
        <input type="hidden" name="locationId" value={locationId} />
        <input type="hidden" name="sectionId" value={section.id} />
        <div className="flex-1">
          <label htmlFor={inputId} className="sr-only">
            {`Rename section ${section.name}`}
          </label>
          <Input
            id={inputId}
            name="name"
            defaultValue={form.state.values?.name ?? section.name}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          {error ? (
            <p id={`${inputId}-error`} className="mt-1 text-sm text-red-600" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="secondary" disabled={form.pending}>
          Rename
        </Button>
      </form>
      <span className="self-center text-xs text-stone-500">{section.tableCount === 1 ? '1 table' : `${section.tableCount} tables`}</span>
      <SectionButton action={moveSectionAction} locationId={locationId} sectionId={section.id} fields={{ direction: 'up' }} label={`Move ${section.name} up`} disabled={first}>
        ↑
      </SectionButton>
      <SectionButton action={moveSectionAction} locationId={locationId} sectionId={section.id} fields={{ direction: 'down' }} label={`Move ${section.name} down`} disabled={last}>
        ↓
      </SectionButton>
      <SectionButton
        action={deleteSectionAction}
        locationId={locationId}
        sectionId={section.id}
        label={section.tableCount ? `${section.name} has tables; move or delete them first` : `Delete section ${section.name}`}
        disabled={section.tableCount > 0}
        variant="danger"
      >
        Delete
      </SectionButton>
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
            <SectionItem key={`${section.id}:${section.name}`} section={section} locationId={locationId} first={index === 0} last={index === sections.length - 1} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-stone-600">No sections yet.</p>
      )}
    </div>
  );
}
