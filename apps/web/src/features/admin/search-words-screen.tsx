import type { TSearchSynonym } from '@chaupal/contract';
import { ZSearchSynonymForm } from '@chaupal/contract/search-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button, Dialog } from '../../components/ui/ui';
import { TextInput, useForm } from './form-fields';
import { AdminTable, act, Confirm, type FieldErrors, FormButtons, submitForm, useAdmin, when } from './kit';

type BuiltIn = { id: string; term: string; words: string[] };

/**
 * The words residents search with for what the site names otherwise: the groups admins added (term → words), with
 * add/edit in a dialog and delete, and the built-in groups below, read-only.
 */
export function SearchWordsScreen() {
  const { api } = useAdmin();
  const queryClient = useQueryClient();
  const builtInId = useId();
  const { data, isPending } = useQuery({ queryKey: ['admin', 'synonyms'], queryFn: () => api.synonyms() });
  const [editing, setEditing] = useState<{ row: TSearchSynonym | null } | null>(null);
  const [deleting, setDeleting] = useState<TSearchSynonym | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  if (isPending) return <p role="status">Loading</p>;
  if (!data) return <p className="notice notice-error">Could not load the search words.</p>;

  const columns = [
    { label: 'Term', cell: (s: TSearchSynonym) => <strong>{s.term}</strong> },
    { label: 'Words', cell: (s: TSearchSynonym) => s.words.join(', ') },
    { label: 'Updated', cell: (s: TSearchSynonym) => <span className="nowrap">{when(s.updatedAt)}</span> },
    {
      label: 'Actions',
      cell: (s: TSearchSynonym) => (
        <div className="admin-actions">
          <Button size="xs" variant="outline" aria-label={`Edit ${s.term}`} onClick={() => setEditing({ row: s })}>
            Edit
          </Button>
          <Button size="xs" variant="light" aria-label={`Delete ${s.term}`} onClick={() => setDeleting(s)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
  const builtInColumns = [
    { label: 'Term', cell: (g: BuiltIn) => <strong>{g.term}</strong> },
    { label: 'Words', cell: (g: BuiltIn) => g.words.join(', ') },
  ];
  return (
    <>
      <div className="admin-head">
        <h1>Search words</h1>
        <Button onClick={() => setEditing({ row: null })}>Add search words</Button>
      </div>
      <p className="muted">
        A search for any of a group’s words is a search for its term, the word the site’s records use (a service’s or a
        category’s title): someone who types “vakil” finds the lawyers.
      </p>
      <AdminTable rows={data.data} columns={columns} empty="No search words added yet" />
      <section className="admin-section" aria-labelledby={builtInId}>
        <h2 id={builtInId}>Built in</h2>
        <p className="muted small">These come with the site and cannot be changed here.</p>
        <AdminTable
          rows={data.builtIn.map((g) => ({ ...g, id: g.term }))}
          columns={builtInColumns}
          empty="No built-in search words"
        />
      </section>
      {editing ? (
        <SynonymForm
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <Confirm
        open={Boolean(deleting)}
        title="Delete search words"
        text={`Delete “${deleting?.term ?? ''}” and its words? Searches for them no longer find it.`}
        onClose={() => setDeleting(null)}
        onYes={async () => {
          if (deleting) await act(() => api.removeSynonym(deleting.id), reload, `delete-synonym-${deleting.id}`);
          setDeleting(null);
        }}
      />
    </>
  );
}

/** An error of one of the words ("words.1") is shown under the words. */
function atFields(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [parameter, message] of Object.entries(errors)) out[parameter.split('.')[0]] ??= message;
  return out;
}

/** Add or edit one group, checked with the contract's ZSearchSynonymForm before sending; the words comma-separated. */
function SynonymForm({ row, onClose, onSaved }: { row: TSearchSynonym | null; onClose(): void; onSaved(): void }) {
  const { api } = useAdmin();
  const f = useForm({ term: row?.term ?? '', words: row?.words.join(', ') ?? '' });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const ok = await submitForm(
      ZSearchSynonymForm,
      f.v,
      (body) => api.saveSynonym(row?.id ?? null, body),
      (errors) => f.setErrors(atFields(errors)),
    );
    setBusy(false);
    if (ok) onSaved();
  }
  return (
    <Dialog open onClose={onClose} title={row ? 'Edit search words' : 'Add search words'}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextInput f={f} name="term" label="Term (as the site’s records name it)" required />
        <TextInput f={f} name="words" label="Words that mean it (separated by commas)" required rows={3} />
        <FormButtons busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
