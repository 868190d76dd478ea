import { useRef, useState } from 'react';
import {
  Button,
  ErrorSummary,
  errorMessage,
  FormField,
  PageHeading,
  type AdminTeam,
  type FieldError,
  useParams,
  useT,
} from '@fu/shared';
import { teamAdminApi } from '../api/teamAdminApi';
import { validateTeamForm, type TeamFormValues } from '../teamForm';
import styles from './teamEdit.module.css';

const TOKEN_KEY = 'fu.adminToken';

function valuesOf(team: AdminTeam): TeamFormValues {
  return {
    name: team.name,
    imgUrl: team.photoUrl ?? '',
    imgFile: null,
    link1: team.link1Url ?? '',
    link2: team.link2Url ?? '',
    link3: team.link3Url ?? '',
  };
}

function TeamForm({ token, ticketId, team }: { token: string; ticketId: number; team: AdminTeam }) {
  const t = useT();
  const [values, setValues] = useState(() => valuesOf(team));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const set = (field: keyof TeamFormValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;

  async function save() {
    setSaved(false);
    const found = validateTeamForm(values);
    setErrors(found);
    if (found.length) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSaving(true);
    try {
      const photoUrl = values.imgFile ? await teamAdminApi.upload(token, values.imgFile) : values.imgUrl.trim();
      const result = await teamAdminApi.save(token, {
        id: team.id,
        name: values.name.trim(),
        photoUrl,
        link1Url: values.link1.trim(),
        link1Name: team.link1Name,
        link2Url: values.link2.trim(),
        link2Name: team.link2Name,
        link3Url: values.link3.trim(),
        link3Name: team.link3Name,
      });
      setValues(valuesOf(result));
      setSaved(true);
    } catch (error) {
      setErrors([{ field: 'team-name', message: errorMessage(error) }]);
      requestAnimationFrame(() => summaryRef.current?.focus());
    }
    setSaving(false);
  }

  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <ErrorSummary ref={summaryRef} errors={errors} />
      <p>{t('tickets.teamEdit.ticket', { ticketId })}</p>
      <FormField id="team-name" label={t('tickets.teamEdit.name')} error={errorFor('team-name')}>
        <input value={values.name} onChange={set('name')} />
      </FormField>
      <FormField id="team-img-url" label={t('tickets.teamEdit.photoUrl')} error={errorFor('team-img-url')}>
        <input type="url" value={values.imgUrl} onChange={set('imgUrl')} />
      </FormField>
      <FormField
        id="team-img-file"
        label={t('tickets.teamEdit.photoFile')}
        hint={t('tickets.teamEdit.photoFileHint')}
        error={errorFor('team-img-file')}
      >
        <input
          type="file"
          accept="image/png,image/jpeg"
          onChange={(event) => setValues({ ...values, imgFile: event.target.files?.[0] ?? null })}
        />
      </FormField>
      {([1, 2, 3] as const).map((n) => (
        <FormField
          key={n}
          id={`team-link${n}`}
          label={t('tickets.teamEdit.link', { n })}
          error={errorFor(`team-link${n}`)}
        >
          <input type="url" value={values[`link${n}`]} onChange={set(`link${n}`)} />
        </FormField>
      ))}
      <Button type="submit" disabled={saving}>
        {t('tickets.teamEdit.save')}
      </Button>
      {saved && <p role="status">{t('tickets.teamEdit.saved')}</p>}
    </form>
  );
}

/**
 * /Team/{ticketId}: staff edit the team behind a ticket. Saving goes through the admin API, so the
 * page asks for the admin token first; it stays in this tab's session storage only.
 */
export function TeamEditPage() {
  const ticketId = Number(useParams().ticketId);
  const [token, setToken] = useState(() => sessionStorage.getItem(TOKEN_KEY) ?? '');
  const [team, setTeam] = useState<AdminTeam | null>(null);
  const [failure, setFailure] = useState('');
  const [loading, setLoading] = useState(false);
  const t = useT();

  async function open() {
    setLoading(true);
    setFailure('');
    try {
      setTeam(await teamAdminApi.team(token.trim(), ticketId));
      sessionStorage.setItem(TOKEN_KEY, token.trim());
    } catch (error) {
      setFailure(errorMessage(error));
    }
    setLoading(false);
  }

  return (
    <main className="page">
      <PageHeading title={t('tickets.teamEdit.heading')}>{t('tickets.teamEdit.heading')}</PageHeading>
      {team ? (
        <TeamForm token={token.trim()} ticketId={ticketId} team={team} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (token.trim()) void open();
          }}
        >
          <FormField id="admin-token" label={t('tickets.teamEdit.token')} hint={t('tickets.teamEdit.tokenHint')}>
            <input
              type="password"
              autoComplete="off"
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          </FormField>
          <Button type="submit" disabled={loading || !token.trim()}>
            {t('tickets.teamEdit.open')}
          </Button>
          {/* The server's message: an English one has its Spanish keyed by it (docs/i18n.md). */}
          {failure && <p role="alert">{t(failure)}</p>}
        </form>
      )}
    </main>
  );
}
