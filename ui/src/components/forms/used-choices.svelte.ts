// What the workspace's stakeholders already use, offered by the
// stakeholder form (StakeholderForm.svelte): their document types, by name
// (two of the same name told apart by the start of their ID), and their
// geographic locations, the most used first.
import type { JsonRecord } from "../../lib/ipc";

export type DocumentType = { id: string; name: string };
export type Location = { id: string; count: number };

export class UsedChoices {
  types = $state<DocumentType[]>([]);
  locations = $state<Location[]>([]);

  /** Adds the document types and locations `records` use to the choices. */
  remember(records: JsonRecord[]) {
    const byType = new Map(this.types.map((t) => [t.id.toLowerCase(), t]));
    const byLocation = new Map(this.locations.map((l) => [l.id.toLowerCase(), { ...l }]));
    for (const r of records) {
      const type = r.document_type;
      if (typeof type === "string" && type && !byType.has(type.toLowerCase())) {
        const name = typeof r.document_type_name === "string" && r.document_type_name.trim() ? r.document_type_name.trim() : type;
        byType.set(type.toLowerCase(), { id: type, name });
      }
      const location = r.geographic_location;
      if (typeof location === "string" && location) {
        const known = byLocation.get(location.toLowerCase());
        if (known) known.count += 1;
        else byLocation.set(location.toLowerCase(), { id: location, count: 1 });
      }
    }
    this.types = [...byType.values()].sort((a, b) => a.name.localeCompare(b.name));
    this.locations = [...byLocation.values()].sort((a, b) => b.count - a.count);
  }

  /** Two types with the same name are told apart by the start of their ID. */
  typeLabel(type: DocumentType): string {
    const twins = this.types.filter((o) => o.name === type.name).length > 1;
    return twins ? `${type.name} (${type.id.slice(0, 8)}…)` : type.name;
  }
}
