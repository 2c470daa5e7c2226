//! Exports written to real files and read back: XLSX with calamine, CSV
//! with the csv crate.

use std::collections::BTreeMap;
use std::path::Path;

use calamine::{open_workbook, Data, Reader, Xlsx};
use chrono::{FixedOffset, NaiveDate};
use serde_json::{json, Map, Value as Json};
use workdesk_export::{Column, Format, Layout, LocalTime, RowText, Separator, Sheet};
use workdesk_query::resources::{CUSTOMER, SUPPLIER_INVOICE};

/// Bogotá: UTC−5 all year.
fn bogota() -> LocalTime {
    let zone = FixedOffset::west_opt(5 * 3600).unwrap();
    Box::new(move |at| at.with_timezone(&zone).naive_local())
}

fn column(field: &str, header: &str) -> Column {
    Column {
        field: field.into(),
        header: header.into(),
        labels: BTreeMap::new(),
        named: false,
    }
}

fn columns() -> Vec<Column> {
    let mut status = column("operation_status", "Estado");
    status.labels = [("PR", "Provisional"), ("CO", "Completa")]
        .into_iter()
        .map(|(code, label)| (code.into(), label.into()))
        .collect();
    let mut authorized = column("is_pay_authorized", "Pago autorizado");
    authorized.labels = [("true", "Sí"), ("false", "No")]
        .into_iter()
        .map(|(code, label)| (code.into(), label.into()))
        .collect();
    vec![
        column("name", "Nombre"),
        column("issue_date", "Fecha de emisión"),
        status,
        column("total", "Total"),
        authorized,
        column("invoice_number", "Número"),
    ]
}

fn layout(format: Format) -> Layout {
    Layout {
        format,
        separator: Separator::Semicolon,
        date_time_format: "dd/mm/yyyy hh:mm".into(),
        date_format: "dd/mm/yyyy".into(),
        sheet_name: "Facturas de proveedor: 2026/11".into(),
    }
}

fn records() -> Vec<Map<String, Json>> {
    let record = |value: Json| value.as_object().unwrap().clone();
    vec![
        record(
            json!({"name": "Pérez y Cía", "issue_date": "2026-11-24T03:30:00Z",
            "operation_status": "PR", "total": "1234.50", "is_pay_authorized": true, "invoice_number": 7}),
        ),
        record(
            json!({"name": "=HYPERLINK(\"http://x\")", "issue_date": "2026-01-01T00:00:00+00:00",
            "operation_status": "CO", "total": "-2.000001", "is_pay_authorized": false, "invoice_number": 8}),
        ),
        record(
            json!({"name": "@SUM(A1)", "issue_date": null, "operation_status": "XX",
            "total": "12345678901234.56", "is_pay_authorized": false, "invoice_number": 9}),
        ),
        record(json!({"name": "+57 300 000", "total": "0.00"})),
        record(json!({"name": "-dash", "total": "999999999.999999"})),
    ]
}

fn export(path: &Path, format: Format) -> workdesk_export::Written {
    let mut sheet = Sheet::create(
        path,
        &SUPPLIER_INVOICE,
        columns(),
        &layout(format),
        bogota(),
    )
    .unwrap();
    for record in records() {
        sheet.write(&record).unwrap();
    }
    assert_eq!(sheet.records(), 5);
    sheet.finish().unwrap()
}

fn leftovers(folder: &Path) -> Vec<String> {
    std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn xlsx_has_typed_cells_exact_money_local_dates_and_no_formulas() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("facturas.xlsx");
    let written = export(&path, Format::Xlsx);
    assert_eq!(written.records, 5);
    assert_eq!(written.bytes, std::fs::metadata(&path).unwrap().len());
    assert_eq!(leftovers(folder.path()), ["facturas.xlsx"]);

    let mut book: Xlsx<_> = open_workbook(&path).unwrap();
    // Excel's forbidden characters replaced, cut to 31.
    assert_eq!(book.sheet_names(), ["Facturas de proveedor  2026 11"]);
    let name = book.sheet_names()[0].clone();
    let range = book.worksheet_range(&name).unwrap();
    let row = |r: usize| -> Vec<Data> { range.rows().nth(r).unwrap().to_vec() };
    let text = |s: &str| Data::String(s.into());
    assert_eq!(
        row(0),
        [
            "Nombre",
            "Fecha de emisión",
            "Estado",
            "Total",
            "Pago autorizado",
            "Número"
        ]
        .map(text)
    );
    let first = row(1);
    assert_eq!(first[0], text("Pérez y Cía"));
    // 03:30 UTC is 22:30 the day before in Bogotá.
    let Data::DateTime(issued) = &first[1] else {
        panic!("{:?}", first[1])
    };
    assert_eq!(
        issued.as_datetime().unwrap(),
        NaiveDate::from_ymd_opt(2026, 11, 23)
            .unwrap()
            .and_hms_opt(22, 30, 0)
            .unwrap()
    );
    assert_eq!(first[2], text("Provisional"));
    assert_eq!(first[3], Data::Float(1234.5));
    assert_eq!(first[4], text("Sí"));
    assert_eq!(first[5], Data::Float(7.0));

    let second = row(2);
    // Text that looks like a formula is an escaped string cell, as in CSV,
    // and nothing is a formula.
    assert_eq!(second[0], text("'=HYPERLINK(\"http://x\")"));
    assert_eq!(second[3], Data::Float(-2.000001));
    assert_eq!(second[4], text("No"));
    let third = row(3);
    assert_eq!(third[0], text("'@SUM(A1)"));
    assert_eq!(third[1], Data::Empty);
    // An unknown code as it came; 16 significant digits stay text, exact.
    assert_eq!(third[2], text("XX"));
    assert_eq!(third[3], text("12345678901234.56"));
    assert_eq!(row(4)[0], text("'+57 300 000"));
    assert_eq!(row(4)[3], Data::Float(0.0));
    assert_eq!(row(5)[3], Data::Float(999_999_999.999_999));
    let formulas = book.worksheet_formula(&name).unwrap();
    assert!(
        formulas.used_cells().all(|(_, _, f)| f.is_empty()),
        "{formulas:?}"
    );
}

#[test]
fn csv_is_utf8_with_a_bom_exact_and_escaped() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("facturas.csv");
    export(&path, Format::Csv);
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with("\u{feff}".as_bytes()));
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(false)
        .from_reader(&bytes[3..]);
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|row| row.unwrap().iter().map(str::to_owned).collect())
        .collect();
    let row = |cells: &[&str]| cells.iter().map(|c| (*c).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        rows,
        [
            row(&[
                "Nombre",
                "Fecha de emisión",
                "Estado",
                "Total",
                "Pago autorizado",
                "Número"
            ]),
            row(&[
                "Pérez y Cía",
                "2026-11-23 22:30:00",
                "Provisional",
                "1234,50",
                "Sí",
                "7"
            ]),
            row(&[
                "'=HYPERLINK(\"http://x\")",
                "2025-12-31 19:00:00",
                "Completa",
                "-2,000001",
                "No",
                "8"
            ]),
            row(&["'@SUM(A1)", "", "XX", "12345678901234,56", "No", "9"]),
            row(&["'+57 300 000", "", "", "0,00", "", ""]),
            row(&["'-dash", "", "", "999999999,999999", "", ""]),
        ]
    );
    assert!(String::from_utf8(bytes).unwrap().contains("\r\n"));
}

#[test]
fn rows_as_text_hold_the_csv_cells_unescaped_with_a_decimal_point() {
    let text = RowText::new(&SUPPLIER_INVOICE, columns(), bogota());
    let rows: Vec<Vec<String>> = records().iter().map(|record| text.cells(record)).collect();
    let row = |cells: &[&str]| cells.iter().map(|c| (*c).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        rows,
        [
            row(&[
                "Pérez y Cía",
                "2026-11-23 22:30:00",
                "Provisional",
                "1234.50",
                "Sí",
                "7"
            ]),
            row(&[
                "=HYPERLINK(\"http://x\")",
                "2025-12-31 19:00:00",
                "Completa",
                "-2.000001",
                "No",
                "8"
            ]),
            row(&["@SUM(A1)", "", "XX", "12345678901234.56", "No", "9"]),
            row(&["+57 300 000", "", "", "0.00", "", ""]),
            row(&["-dash", "", "", "999999999.999999", "", ""]),
        ]
    );
}

/// OWASP "CSV Injection" cases, each a supplier name, beside a negative
/// amount in the money column: (as the service sends it, as it is written).
const INJECTIONS: [(&str, &str); 15] = [
    ("=1+2", "'=1+2"),
    ("+1+2", "'+1+2"),
    ("-1+2", "'-1+2"),
    ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
    (
        "=HYPERLINK(\"http://evil\",\"x\")",
        "'=HYPERLINK(\"http://evil\",\"x\")",
    ),
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("\t=1+2", "'\t=1+2"),
    ("\r=1+2", "'\r=1+2"),
    ("  =1+2", "'  =1+2"),
    ("\u{202E}=1+2", "'=1+2"),
    ("\u{2067}\u{200F}Acme", "Acme"),
    ("Acme S.A.", "Acme S.A."),
    ("a=b", "a=b"),
    ("email@x.com", "email@x.com"),
    ("", ""),
];

/// The cases written to `path` as (name, total) rows, total `-12.50`.
fn export_injections(path: &Path, format: Format) {
    let layout = Layout {
        separator: Separator::Comma,
        ..layout(format)
    };
    let columns = vec![column("name", "Name"), column("total", "Total")];
    let mut sheet = Sheet::create(path, &SUPPLIER_INVOICE, columns, &layout, bogota()).unwrap();
    for (name, _) in INJECTIONS {
        let record = json!({"name": name, "total": "-12.50"});
        sheet.write(record.as_object().unwrap()).unwrap();
    }
    sheet.finish().unwrap();
}

#[test]
fn owasp_injection_cases_are_escaped_in_csv_and_negative_amounts_are_not() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("injection.csv");
    export_injections(&path, Format::Csv);
    let expected = concat!(
        "\u{feff}Name,Total\r\n",
        "'=1+2,-12.50\r\n",
        "'+1+2,-12.50\r\n",
        "'-1+2,-12.50\r\n",
        "'@SUM(A1:A2),-12.50\r\n",
        "\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",-12.50\r\n",
        "'=cmd|' /C calc'!A0,-12.50\r\n",
        "'\t=1+2,-12.50\r\n",
        "\"'\r=1+2\",-12.50\r\n",
        "'  =1+2,-12.50\r\n",
        "'=1+2,-12.50\r\n",
        "Acme,-12.50\r\n",
        "Acme S.A.,-12.50\r\n",
        "a=b,-12.50\r\n",
        "email@x.com,-12.50\r\n",
        ",-12.50\r\n",
    );
    assert_eq!(
        String::from_utf8(std::fs::read(&path).unwrap()).unwrap(),
        expected
    );
}

#[test]
fn owasp_injection_cases_are_escaped_in_xlsx_and_negative_amounts_are_numbers() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("injection.xlsx");
    export_injections(&path, Format::Xlsx);
    let mut book: Xlsx<_> = open_workbook(&path).unwrap();
    let name = book.sheet_names()[0].clone();
    let range = book.worksheet_range(&name).unwrap();
    let rows: Vec<Vec<Data>> = range.rows().map(<[Data]>::to_vec).collect();
    assert_eq!(rows.len(), 1 + INJECTIONS.len());
    for ((sent, written), row) in INJECTIONS.iter().zip(&rows[1..]) {
        let name = if written.is_empty() {
            Data::Empty
        } else {
            Data::String((*written).into())
        };
        assert_eq!(row[0], name, "{sent:?}");
        assert_eq!(row[1], Data::Float(-12.5), "{sent:?}");
    }
    let formulas = book.worksheet_formula(&name).unwrap();
    assert!(
        formulas.used_cells().all(|(_, _, f)| f.is_empty()),
        "{formulas:?}"
    );
}

#[test]
fn a_comma_separated_file_keeps_the_decimal_point_and_dates_are_calendar_days() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("clientes.csv");
    let layout = Layout {
        separator: Separator::Comma,
        ..layout(Format::Csv)
    };
    let columns = vec![
        column("name", "Name"),
        column("credit_limit", "Credit limit"),
        column("customer_since", "Customer since"),
    ];
    let mut sheet = Sheet::create(&path, &CUSTOMER, columns, &layout, bogota()).unwrap();
    let record =
        json!({"name": "A, B", "credit_limit": "1500000.25", "customer_since": "2020-02-29"});
    sheet.write(record.as_object().unwrap()).unwrap();
    sheet.finish().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        "\u{feff}Name,Credit limit,Customer since\r\n\"A, B\",1500000.25,2020-02-29\r\n"
    );
}

#[test]
fn an_unfinished_export_leaves_nothing_and_keeps_the_file_it_would_replace() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("facturas.xlsx");
    std::fs::write(&path, b"the user's old file").unwrap();
    for format in [Format::Xlsx, Format::Csv] {
        let mut sheet = Sheet::create(
            &path,
            &SUPPLIER_INVOICE,
            columns(),
            &layout(format),
            bogota(),
        )
        .unwrap();
        sheet.write(&records()[0]).unwrap();
        assert_eq!(
            leftovers(folder.path()).len(),
            2,
            "the temporary file sits beside it"
        );
        drop(sheet);
        assert_eq!(leftovers(folder.path()), ["facturas.xlsx"]);
        assert_eq!(std::fs::read(&path).unwrap(), b"the user's old file");
    }
    // Finished, it replaces the old file.
    export(&path, Format::Xlsx);
    assert_ne!(std::fs::read(&path).unwrap(), b"the user's old file");
    assert_eq!(leftovers(folder.path()), ["facturas.xlsx"]);
}

#[test]
fn a_folder_that_cannot_be_written_is_an_error_naming_the_file() {
    let path = Path::new("/nonexistent-folder/facturas.xlsx");
    let Err(err) = Sheet::create(
        path,
        &SUPPLIER_INVOICE,
        columns(),
        &layout(Format::Xlsx),
        bogota(),
    ) else {
        panic!("created");
    };
    assert!(
        err.to_string()
            .contains("/nonexistent-folder/facturas.xlsx"),
        "{err}"
    );
}
