import { type Team, TeamSave } from '@pulsera/contracts';
import { TextField } from '../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../components/resource/resource-screen';
import { createTeam, deleteTeam, listTeams, teamKeys, updateTeam } from './api';

/** The list is paginated on the server; this screen loads every team and pages on the client. */
const query = { disablePagination: true } as const;

/** admin/configuration/teams (01-console §7, super admin): the backoffice teams events belong to. */
const definition: ResourceDefinition<Team, TeamSave> = {
  prefix: 'config.teams',
  queryKey: teamKeys.list(query),
  load: async () => (await listTeams(query)).teams,
  rowKey: (r) => r.id,
  columns: [{ key: 'id', width: 80, collapse: true }, { key: 'name' }],
  schema: TeamSave,
  empty: () => ({ name: '' }),
  toValues: (r) => ({ name: r.name }),
  save: (v, row) => (row ? updateTeam({ id: row.id, name: v.name }) : createTeam(v.name)),
  remove: (r) => deleteTeam(r.id),
  matches: (r, text) => r.name.toLowerCase().includes(text),
  Form: () => <TextField<TeamSave> name="name" required maxLength={150} />,
};

export default function TeamsPage() {
  return <ResourceScreen def={definition} />;
}
