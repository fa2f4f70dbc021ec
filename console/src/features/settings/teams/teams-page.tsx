import { type Team, TeamSave } from '@pulsera/contracts';
import { TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { createTeam, deleteTeam, listTeams, searchTeams, teamKeys, updateTeam } from '../api';

/**
 * admin/configuration/teams (01-console §7, super admin): the backoffice teams events belong to. The
 * list is paged on the server (GET /backoffice/teams?page&paginationLimit) and searched there
 * (GET /search/teams?searchText: the first matches by name).
 */
const definition: ResourceDefinition<Team, TeamSave> = {
  prefix: 'config.teams',
  queryKey: teamKeys.list(),
  loadPage: async (page, paginationLimit) => {
    const { teams, total } = await listTeams({ page, paginationLimit });
    return { rows: teams, total };
  },
  search: searchTeams,
  rowKey: (r) => r.id,
  columns: [{ key: 'id', width: 80, collapse: true }, { key: 'name' }],
  schema: TeamSave,
  empty: () => ({ name: '' }),
  toValues: (r) => ({ name: r.name }),
  save: (v, row) => (row ? updateTeam({ id: row.id, name: v.name }) : createTeam(v.name)),
  remove: (r) => deleteTeam(r.id),
  Form: () => <TextField<TeamSave> name="name" required maxLength={150} />,
};

export default function TeamsPage() {
  return <ResourceScreen def={definition} />;
}
