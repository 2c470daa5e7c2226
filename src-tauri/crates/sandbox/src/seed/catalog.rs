//! Fixed vocabulary of the seed: workspace sizes, suppliers and texts.

/// Shape of one seeded workspace.
pub(crate) struct WorkspaceProfile {
    /// Number of supplier invoices (workspace A's is configurable; this is
    /// its default).
    pub invoices: usize,
    /// Number of sales quotes.
    pub sales_quotes: usize,
    /// Number of products.
    pub products: usize,
    /// Number of stakeholders (persons and companies).
    pub stakeholders: usize,
    /// Number of customers (each one a stakeholder).
    pub customers: usize,
    /// Number of tasks.
    pub tasks: usize,
    /// Number of leads.
    pub leads: usize,
    /// Geographic locations (cities) of its stakeholders.
    pub cities: &'static [&'static str],
    /// Number of members (keys and records are bound to them).
    pub members: usize,
    /// Number of branch offices (each with one location).
    pub branch_offices: usize,
    /// Its suppliers.
    pub suppliers: &'static [SupplierProfile],
}

/// A supplier of the seed.
pub(crate) struct SupplierProfile {
    pub name: &'static str,
    /// Numbering prefix printed on its invoices (`prefix`), if it uses one.
    pub prefix: Option<&'static str>,
    /// Foreign suppliers invoice with a trade term and an exchange rate.
    pub foreign: bool,
    /// Relative share of the workspace's invoices.
    pub weight: u32,
    /// What it bills for (`description`).
    pub descriptions: &'static [&'static str],
}

/// `workspace_a`: the large workspace (a partial last page at every `take`
/// the tests use). Its supplier invoice count is `Config::invoices`.
pub(crate) const WORKSPACE_A: WorkspaceProfile = WorkspaceProfile {
    invoices: 2_437,
    sales_quotes: 420,
    products: 150,
    stakeholders: 180,
    customers: 60,
    tasks: 120,
    leads: 80,
    cities: &[
        "Bogotá D.C.",
        "Medellín",
        "Cali",
        "Barranquilla",
        "Cartagena de Indias",
        "Bucaramanga",
        "Cúcuta",
        "Ibagué",
        "Popayán",
        "Pereira",
    ],
    members: 4,
    branch_offices: 4,
    suppliers: &[
        SupplierProfile {
            name: "Acme Industrial Supply S.A.S.",
            prefix: Some("ACM"),
            foreign: false,
            weight: 14,
            descriptions: &[
                "Safety gloves and helmets",
                "Hand tools restock",
                "Industrial fasteners",
            ],
        },
        SupplierProfile {
            name: "Andes Freight & Logistics S.A.",
            prefix: Some("FE"),
            foreign: false,
            weight: 12,
            descriptions: &[
                "Freight Bogotá–Medellín",
                "Warehouse storage, monthly",
                "Last-mile delivery",
            ],
        },
        SupplierProfile {
            name: "Cordillera Steel Works Ltda.",
            prefix: None,
            foreign: false,
            weight: 8,
            descriptions: &["Structural steel beams", "Galvanised sheet metal"],
        },
        SupplierProfile {
            name: "Northwind Office Solutions",
            prefix: Some("NW"),
            foreign: false,
            weight: 15,
            descriptions: &[
                "Office supplies",
                "Printer toner and paper",
                "Ergonomic chairs",
            ],
        },
        SupplierProfile {
            name: "Pacífico Packaging S.A.S.",
            prefix: Some("FV"),
            foreign: false,
            weight: 10,
            descriptions: &[
                "Corrugated boxes",
                "Stretch film rolls",
                "Custom printed labels",
            ],
        },
        SupplierProfile {
            name: "Helix Software Consulting LLC",
            prefix: None,
            foreign: true,
            weight: 6,
            descriptions: &[
                "ERP integration services",
                "Cloud hosting, monthly",
                "Software licences, annual",
            ],
        },
        SupplierProfile {
            name: "Solaris Energy Services S.A. E.S.P.",
            prefix: Some("SE"),
            foreign: false,
            weight: 9,
            descriptions: &["Electricity supply", "Solar panel maintenance"],
        },
        SupplierProfile {
            name: "Verde Agro Insumos S.A.S.",
            prefix: Some("FE"),
            foreign: false,
            weight: 8,
            descriptions: &["Fertiliser, 50 kg bags", "Seeds and seedlings"],
        },
        SupplierProfile {
            name: "Blue Harbor Maritime Inc.",
            prefix: None,
            foreign: true,
            weight: 5,
            descriptions: &["Ocean freight, 40 ft container", "Port handling charges"],
        },
        SupplierProfile {
            name: "Café Montaña Catering",
            prefix: Some("CM"),
            foreign: false,
            weight: 7,
            descriptions: &["Staff lunch service", "Coffee and snacks for meetings"],
        },
    ],
};

/// `workspace_b`: the small workspace. Its supplier names differ from
/// `workspace_a`'s, so a leak between workspaces is easy to see.
pub(crate) const WORKSPACE_B: WorkspaceProfile = WorkspaceProfile {
    invoices: 318,
    sales_quotes: 90,
    products: 40,
    stakeholders: 60,
    customers: 20,
    tasks: 30,
    leads: 25,
    cities: &["Quito", "Guayaquil", "Cuenca", "Lima", "Arequipa"],
    members: 3,
    branch_offices: 3,
    suppliers: &[
        SupplierProfile {
            name: "Orion Medical Devices S.A.",
            prefix: Some("OMD"),
            foreign: false,
            weight: 10,
            descriptions: &["Patient monitors", "Disposable syringes"],
        },
        SupplierProfile {
            name: "Lumen Print House",
            prefix: Some("LP"),
            foreign: false,
            weight: 8,
            descriptions: &["Brochures, 5,000 units", "Business cards"],
        },
        SupplierProfile {
            name: "Sierra Nevada Textiles Ltda.",
            prefix: None,
            foreign: false,
            weight: 7,
            descriptions: &["Uniforms", "Bed linen"],
        },
        SupplierProfile {
            name: "Boreal Cleaning Services",
            prefix: Some("BC"),
            foreign: false,
            weight: 9,
            descriptions: &["Office cleaning, monthly", "Window cleaning"],
        },
        SupplierProfile {
            name: "Quantum Lab Instruments GmbH",
            prefix: None,
            foreign: true,
            weight: 4,
            descriptions: &["Centrifuge", "Calibration service"],
        },
        SupplierProfile {
            name: "Río Claro Water Co.",
            prefix: Some("RC"),
            foreign: false,
            weight: 6,
            descriptions: &["Bottled water delivery"],
        },
    ],
};

/// `status_description` of invoices in error (`ER`).
pub(crate) const ERROR_REASONS: &[&str] = &[
    "Supplier tax ID does not match the registry.",
    "Electronic invoice rejected by the tax authority.",
    "Total does not match the purchase order.",
];

/// `status_description` of some provisional invoices (`PR`).
pub(crate) const PENDING_REASON: &str = "Awaiting approval.";
