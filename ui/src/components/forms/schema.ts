// The schema a form shows its record with (RecordFields, CustomerCard): the
// one `resource_schemas` gave for `resource`, or an empty one while none is
// known, so that every field of the record still shows (as "Other fields").
import type { ResourceName, ResourceSchema } from "../../lib/bindings";

export function schemaOf(schemas: ResourceSchema[], resource: ResourceName, path: string): ResourceSchema {
  return (
    schemas.find((s) => s.resource === resource) ?? {
      resource,
      path,
      fields: [],
      relations: [],
      default_columns: [],
      default_view: { page: 1, take: 20, fields: null, sort: [], filters: [] },
      search: [],
      related_search: [],
      picker: { title: "id", detail: [], view: { page: 1, take: 20, fields: null, sort: [], filters: [] }, named_by: [] },
      references: [],
      named: [],
      bulk: [],
    }
  );
}
