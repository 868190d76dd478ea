import { render, screen } from '@testing-library/react';
import { ORDER_MESSAGES } from '../contracts/constants';
import { LanguageProvider, useT } from '../i18n/react';
import { MemoryRouter } from '../router';
import { TEAM_PROGRESS_LABEL } from '../pages/firstScreens';
import { raisedOfGoal } from '../tokens/money';
import { ErrorSummary } from './ErrorSummary';
import { FormField } from './FormField';
import { NotFound } from './NotFound';
import { ProgressBar, ProgressBarPlaceholder } from './ProgressBar';
import { Spinner } from './Spinner';
import { CATALOG_KEY } from '../testing/spanish';

// @fu/shared's own components on a Spanish page (issue 35): every word from the catalogs, none left
// as a message id or in English.

function TeamProgressInSpanish() {
  const t = useT();
  return (
    <ProgressBar
      label={t(TEAM_PROGRESS_LABEL)}
      value={8600}
      max={50000}
      valueText={raisedOfGoal(8600, 50000, 1800, t)}
      testId="team-progress"
    />
  );
}

describe('shared UI in Spanish', () => {
  const renderEs = (ui: React.ReactNode) =>
    render(
      <MemoryRouter>
        <LanguageProvider language="es">{ui}</LanguageProvider>
      </MemoryRouter>,
    );

  it('the error summary and a field show the shared messages in Spanish', () => {
    renderEs(
      <>
        <ErrorSummary errors={[{ field: 'items', message: ORDER_MESSAGES.noItem }]} />
        <FormField id="firstName" label="Nombre" error={ORDER_MESSAGES.studentFirstName}>
          <input />
        </FormField>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Hay un problema');
    expect(screen.getByRole('link', { name: 'Seleccione un artículo.' })).toHaveAttribute('href', '#items');
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription('Error: Ingrese el nombre del estudiante.');
    expect(document.body.textContent).not.toMatch(CATALOG_KEY);
  });

  it('a progress bar and its placeholder, the spinner and the page not found', () => {
    renderEs(
      <>
        <TeamProgressInSpanish />
        <ProgressBarPlaceholder label="Su progreso" />
        <Spinner />
        <NotFound />
      </>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Progreso del equipo' });
    expect(bar).toHaveAttribute(
      'aria-valuetext',
      '$86.00 recaudados de una meta de $500.00, $18.00 de ellos en efectivo o cheques',
    );
    expect(screen.getByText('Cargando el progreso…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(CATALOG_KEY);
    expect(document.body.textContent).not.toMatch(/Loading|progress|raised|goal/);
  });
});
