//! Words of the seed: Spanish and English names with accents (`Peña`,
//! `Díaz`, `Óptica Álvarez`), so that case-insensitive filters are exercised
//! beyond ASCII, and the texts of products, tasks and leads.

use rand::Rng;

use super::pick;

/// Given names of persons.
pub(crate) const GIVEN_NAMES: &[&str] = &[
    "José",
    "María",
    "Sofía",
    "Andrés",
    "Lucía",
    "Martín",
    "Inés",
    "Camila",
    "Julián",
    "Valentina",
    "Ramón",
    "Ángela",
    "Óscar",
    "Raúl",
    "Mónica",
    "Héctor",
    "Nicolás",
    "Verónica",
    "James",
    "Emily",
    "Oliver",
    "Charlotte",
    "Liam",
    "Grace",
    "Noah",
    "Chloe",
];

/// Family names of persons.
pub(crate) const FAMILY_NAMES: &[&str] = &[
    "Peña",
    "Díaz",
    "Muñoz",
    "Ibáñez",
    "Gómez",
    "Rodríguez",
    "Martínez",
    "Hernández",
    "López",
    "González",
    "Pérez",
    "Sánchez",
    "Ramírez",
    "Núñez",
    "Castaño",
    "Ordóñez",
    "Álvarez",
    "Gutiérrez",
    "Smith",
    "Johnson",
    "O'Brien",
    "Walker",
    "Thompson",
    "Clarke",
];

/// Companies every workspace A seed has, first among its stakeholders.
pub(crate) const NOTABLE_COMPANIES: &[&str] = &[
    "Óptica Álvarez",
    "Peña & Díaz Abogados",
    "Muñoz Ibáñez Ingeniería S.A.S.",
    "Café Ñapanga",
    "ACME Andina S.A.",
];

/// Patterns of company names; `{}` is a family name.
const COMPANY_PATTERNS: &[&str] = &[
    "Ferretería {} e Hijos",
    "Óptica {}",
    "Distribuidora {} S.A.S.",
    "Transportes {} Ltda.",
    "Panadería {}",
    "Clínica Dental {}",
    "Librería {}",
    "Constructora {} S.A.",
    "{} Consulting Ltd.",
    "{} & Sons Trading",
    "Lácteos {}",
    "Agroindustrias {}",
];

/// A person's name: given name and two family names (`"Inés Peña Díaz"`).
pub(crate) fn person(rng: &mut impl Rng) -> String {
    format!(
        "{} {} {}",
        pick(rng, GIVEN_NAMES),
        pick(rng, FAMILY_NAMES),
        pick(rng, FAMILY_NAMES)
    )
}

/// A company name built from a pattern and a family name (`"Óptica Núñez"`).
pub(crate) fn company(rng: &mut impl Rng) -> String {
    pick(rng, COMPANY_PATTERNS).replace("{}", pick(rng, FAMILY_NAMES))
}

/// Document types of stakeholders: name and whether it identifies a company.
pub(crate) const DOCUMENT_TYPES: &[(&str, &str, bool)] = &[
    ("CC", "Cédula de ciudadanía", false),
    ("NIT", "NIT", true),
    ("CE", "Cédula de extranjería", false),
    ("PA", "Pasaporte", false),
    ("TI", "Tarjeta de identidad", false),
];

/// Products: name and category (`None` for uncategorised).
pub(crate) const PRODUCTS: &[(&str, Option<&str>)] = &[
    ("Café de Nariño 500 g", Some("Alimentos")),
    ("Azúcar morena 1 kg", Some("Alimentos")),
    ("Aceite de oliva extra virgen 1 L", Some("Alimentos")),
    ("Panela orgánica 500 g", Some("Alimentos")),
    ("Chocolate de mesa 250 g", Some("Alimentos")),
    ("Tornillo acero inoxidable M8", Some("Ferretería")),
    ("Stainless steel bolt M10", Some("Ferretería")),
    ("Martillo de uña 16 oz", Some("Ferretería")),
    ("Cinta métrica 5 m", Some("Ferretería")),
    ("Guantes de nitrilo talla M", Some("Seguridad")),
    ("Safety helmet, white", Some("Seguridad")),
    ("Gafas de protección", Some("Seguridad")),
    ("Resma papel carta 75 g", Some("Papelería")),
    ("Bolígrafo azul x 12", Some("Papelería")),
    ("Cuaderno argollado 100 hojas", Some("Papelería")),
    ("Monitor 24\" Full HD", Some("Tecnología")),
    ("Teclado inalámbrico español (ñ)", Some("Tecnología")),
    ("USB-C charger 65 W", Some("Tecnología")),
    ("Silla ergonómica", Some("Mobiliario")),
    ("Escritorio en L", Some("Mobiliario")),
    ("Caja de cartón corrugado", None),
    ("Película stretch 18\"", None),
];

/// Task title patterns; `{}` is a person or company name.
pub(crate) const TASK_TITLES: &[&str] = &[
    "Llamar a {}",
    "Enviar cotización a {}",
    "Send the contract to {}",
    "Reunión de seguimiento con {}",
    "Follow up on the invoice of {}",
    "Revisar la cartera de {}",
    "Visita comercial: {}",
];

/// Task descriptions.
pub(crate) const TASK_DESCRIPTIONS: &[&str] = &[
    "Confirmar la fecha de entrega y el método de pago.",
    "Preparar la propuesta económica con el descuento acordado.",
    "Bring the signed purchase order.",
    "Revisar saldos pendientes del último trimestre.",
];

/// Task statuses (the service's allowed values are "not shown"; these are
/// the sandbox's).
pub(crate) const TASK_STATUSES: &[&str] = &["pending", "in_progress", "done", "cancelled"];

/// Recurrence rules (RFC 5545 `RRULE` values).
pub(crate) const RECURRENCE_RULES: &[&str] = &[
    "FREQ=WEEKLY;BYDAY=MO",
    "FREQ=MONTHLY;BYMONTHDAY=1",
    "FREQ=DAILY;COUNT=5",
];

/// Lead sources.
pub(crate) const LEAD_SOURCES: &[&str] = &[
    "website",
    "referral",
    "trade fair",
    "cold call",
    "LinkedIn",
    "campaña de correo",
];

/// Lead statuses (sandbox choice; the service's are "not shown").
pub(crate) const LEAD_STATUSES: &[&str] =
    &["new", "contacted", "qualified", "proposal", "won", "lost"];

/// Customer invoice `invoice_status` values (sandbox choice; "not shown").
pub(crate) const INVOICE_STATUSES: &[&str] =
    &["issued", "paid", "partially_paid", "overdue", "voided"];

/// Descriptions of customer invoices and sales quotes.
pub(crate) const SALES_DESCRIPTIONS: &[&str] = &[
    "Venta de mercancía",
    "Servicio de mantenimiento preventivo",
    "Instalación y puesta en marcha",
    "Consulting services, monthly",
    "Suministro de papelería",
];
