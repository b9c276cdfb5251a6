"""Reference data seeded on first start: Indonesia's provinces and main cities, a few other countries,
industries, affiliates, sources, service categories with sub-categories, project types and roles, entities,
units and parameters."""

from __future__ import annotations

# country (ISO code) -> province -> cities
GEOGRAPHY: dict[tuple[str, str], dict[str, list[str]]] = {
    ("Indonesia", "ID"): {
        "Aceh": ["Banda Aceh", "Lhokseumawe", "Langsa", "Sabang"],
        "Sumatera Utara": ["Medan", "Binjai", "Pematangsiantar", "Tebing Tinggi", "Sibolga"],
        "Sumatera Barat": ["Padang", "Bukittinggi", "Payakumbuh", "Solok"],
        "Riau": ["Pekanbaru", "Dumai"],
        "Kepulauan Riau": ["Batam", "Tanjung Pinang"],
        "Jambi": ["Jambi", "Sungai Penuh"],
        "Sumatera Selatan": ["Palembang", "Prabumulih", "Lubuklinggau", "Pagar Alam"],
        "Kepulauan Bangka Belitung": ["Pangkal Pinang", "Tanjung Pandan"],
        "Bengkulu": ["Bengkulu"],
        "Lampung": ["Bandar Lampung", "Metro"],
        "DKI Jakarta": ["Jakarta Pusat", "Jakarta Utara", "Jakarta Barat", "Jakarta Selatan", "Jakarta Timur"],
        "Banten": ["Serang", "Tangerang", "Tangerang Selatan", "Cilegon"],
        "Jawa Barat": ["Bandung", "Bekasi", "Bogor", "Depok", "Cirebon", "Sukabumi", "Tasikmalaya", "Cimahi",
                       "Karawang"],
        "Jawa Tengah": ["Semarang", "Surakarta", "Magelang", "Pekalongan", "Salatiga", "Tegal", "Kudus"],
        "DI Yogyakarta": ["Yogyakarta", "Sleman", "Bantul"],
        "Jawa Timur": ["Surabaya", "Malang", "Kediri", "Madiun", "Mojokerto", "Pasuruan", "Probolinggo",
                       "Sidoarjo", "Gresik"],
        "Bali": ["Denpasar", "Badung", "Gianyar"],
        "Nusa Tenggara Barat": ["Mataram", "Bima"],
        "Nusa Tenggara Timur": ["Kupang", "Ende", "Maumere"],
        "Kalimantan Barat": ["Pontianak", "Singkawang"],
        "Kalimantan Tengah": ["Palangka Raya", "Sampit"],
        "Kalimantan Selatan": ["Banjarmasin", "Banjarbaru"],
        "Kalimantan Timur": ["Samarinda", "Balikpapan", "Bontang"],
        "Kalimantan Utara": ["Tarakan", "Tanjung Selor"],
        "Sulawesi Utara": ["Manado", "Bitung", "Tomohon", "Kotamobagu"],
        "Gorontalo": ["Gorontalo"],
        "Sulawesi Tengah": ["Palu", "Luwuk"],
        "Sulawesi Barat": ["Mamuju"],
        "Sulawesi Selatan": ["Makassar", "Parepare", "Palopo"],
        "Sulawesi Tenggara": ["Kendari", "Baubau"],
        "Maluku": ["Ambon", "Tual"],
        "Maluku Utara": ["Ternate", "Tidore Kepulauan"],
        "Papua": ["Jayapura"],
        "Papua Barat": ["Manokwari"],
        "Papua Barat Daya": ["Sorong"],
        "Papua Tengah": ["Nabire", "Timika"],
        "Papua Pegunungan": ["Wamena"],
        "Papua Selatan": ["Merauke"],
    },
    ("Singapore", "SG"): {"Singapore": ["Singapore"]},
    ("Malaysia", "MY"): {
        "Kuala Lumpur": ["Kuala Lumpur"],
        "Selangor": ["Shah Alam", "Petaling Jaya", "Subang Jaya"],
        "Johor": ["Johor Bahru", "Batu Pahat"],
        "Pulau Pinang": ["George Town"],
    },
    ("Australia", "AU"): {
        "New South Wales": ["Sydney", "Newcastle"],
        "Victoria": ["Melbourne", "Geelong"],
        "Western Australia": ["Perth"],
    },
    ("Japan", "JP"): {"Tokyo": ["Tokyo"], "Osaka": ["Osaka"]},
    ("United States", "US"): {"California": ["San Francisco", "Los Angeles"], "New York": ["New York City"]},
}

INDUSTRIES = [
    "Banking & Financial Services", "Insurance", "Telecommunications", "Government & Public Sector",
    "Oil & Gas", "Mining", "Manufacturing", "Retail & E-commerce", "Healthcare", "Education",
    "Logistics & Transportation", "Energy & Utilities", "Media & Entertainment", "Hospitality & Tourism",
    "Property & Construction", "Fast-Moving Consumer Goods", "Technology",
]

AFFILIATES = ["Non-Affiliate", "BUMN (State-Owned Enterprise)", "Group Subsidiary", "Strategic Partner",
              "Multinational Corporation", "Government Agency"]

SOURCES = ["Referral", "Existing Customer", "Website Inquiry", "Event & Exhibition", "Cold Call",
           "Partner Channel", "Tender Announcement", "LinkedIn"]

SERVICE_CATEGORIES: dict[str, list[str]] = {
    "Managed Services": ["Network Operations Center", "Security Operations Center", "Service Desk",
                         "Field Services"],
    "Cloud & Data Center": ["Cloud Migration", "Colocation", "Backup & Disaster Recovery", "Private Cloud"],
    "Cybersecurity": ["Penetration Testing", "Identity & Access Management", "Managed Firewall"],
    "System Integration": ["Network Infrastructure", "ERP Implementation", "Data Center Build"],
    "Software Development": ["Web Application", "Mobile Application", "API Integration"],
    "Consulting": ["IT Strategy", "Digital Transformation"],
    "Hardware Procurement": [],
    "Training": [],
}

PROJECT_TYPES = ["New Project", "Renewal", "Change Request", "Upsell", "Maintenance Contract"]
PROJECT_ROLES = ["Decision Maker", "Influencer", "User", "Technical Evaluator", "Procurement", "Champion"]
ENTITIES = ["PT Nusantara Digital Solusi", "PT Nusantara Infrastruktur Teknologi", "PT Nusantara Data Center",
            "Nusantara Digital Pte. Ltd."]
UNITS = ["Enterprise Sales", "Government Sales", "Banking & Finance", "Telco & Media", "SME Sales",
         "Regional East"]

PARAMETERS: dict[str, list[tuple[str, str]]] = {
    "PCS_COMMISSION_ROLE": [("ADMIN", "Administrators see commission rows"),
                            ("TOP_MANAGEMENT", "Top management sees commission rows")],
    "PCS_COMMISSION_PERCENT": [("6", "Commission allocation applied to gross profit (percent)")],
    "SUBSCRIPTION_TYPE": [("ONE_TIME", "One-time project"), ("RECURRING", "Recurring subscription")],
    "COMPETITOR": [("Telkomsigma", "Competitor"), ("Lintasarta", "Competitor"), ("Datacomm", "Competitor"),
                   ("Mitra Integrasi Informatika", "Competitor")],
}
