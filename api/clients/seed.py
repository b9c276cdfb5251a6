"""A handful of realistic demo clients with their contacts (make run's demo data; never in production)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.clients.contacts import service as contacts_service
from api.clients.contacts.schemas import ContactIn
from api.clients.models import Client
from api.master_data import models as m
from api.users.models import User

DEMO_CLIENTS: list[tuple[str, str, str, str, str, str, str, list[tuple[str, str, str, str, str, str]]]] = [
    ("BNM", "Bank Nusa Mandiri", "PT Bank Nusa Mandiri Tbk", "Banking & Financial Services", "Jakarta Selatan",
     "BUMN (State-Owned Enterprise)", "Jl. Jend. Sudirman Kav. 54-55",
     [("Hendro Saputra", "Male", "IT Director", "Information Technology", "hendro.saputra@banknusa.co.id",
       "081298765431"),
      ("Lina Marlina", "Female", "Procurement Manager", "Procurement", "lina.marlina@banknusa.co.id", "")]),
    ("TSL", "Telkomsel Lintas", "PT Telekomunikasi Seluler Lintas", "Telecommunications", "Jakarta Selatan",
     "Group Subsidiary", "Jl. Gatot Subroto Kav. 42",
     [("Agus Wibowo", "Male", "VP Network Operations", "Network", "agus.wibowo@tsl.co.id", "081311122233")]),
    ("PGN", "Perusahaan Gas Nusantara", "PT Perusahaan Gas Nusantara Tbk", "Oil & Gas", "Jakarta Pusat",
     "BUMN (State-Owned Enterprise)", "Jl. K.H. Zainul Arifin No. 20",
     [("Rina Kartika", "Female", "Head of Digital", "Digital Transformation", "rina.kartika@pgn.co.id", "")]),
    ("KAI", "Kereta Api Indonesia", "PT Kereta Api Indonesia (Persero)", "Logistics & Transportation", "Bandung",
     "BUMN (State-Owned Enterprise)", "Jl. Perintis Kemerdekaan No. 1",
     [("Dimas Prasetyo", "Male", "IT Infrastructure Manager", "IT", "dimas.prasetyo@kai.id", "082112345678")]),
    ("ASR", "Asuransi Sinar Raya", "PT Asuransi Sinar Raya", "Insurance", "Surabaya", "Non-Affiliate",
     "Jl. Basuki Rahmat No. 129",
     [("Yuliana Susanti", "Female", "CIO", "Information Technology", "yuliana@sinarraya.co.id", "")]),
    ("MDL", "Mandala Logistik", "PT Mandala Logistik Indonesia", "Logistics & Transportation", "Tangerang",
     "Non-Affiliate", "Jl. Raya Serpong Km. 7",
     [("Teguh Santoso", "Male", "Operations Director", "Operations", "", "081233344455")]),
    ("RSH", "RS Harapan Sehat", "PT Harapan Sehat Medika", "Healthcare", "Semarang", "Non-Affiliate",
     "Jl. Pandanaran No. 88",
     [("dr. Melati Ayu", "Female", "Hospital Director", "Management", "melati@harapansehat.id", "")]),
    ("UGM", "Universitas Gadjah Mulia", "Universitas Gadjah Mulia", "Education", "Yogyakarta",
     "Government Agency", "Jl. Bulaksumur No. 1",
     [("Prof. Bambang Sudibyo", "Male", "Head of IT Directorate", "Directorate of IT", "bambang@ugm.ac.id", "")]),
    ("PLN", "Pembangkit Listrik Nusantara", "PT Pembangkit Listrik Nusantara", "Energy & Utilities",
     "Jakarta Selatan", "BUMN (State-Owned Enterprise)", "Jl. Trunojoyo Blok M I/135",
     [("Eko Purnomo", "Male", "SVP IT", "IT", "eko.purnomo@pln-nusantara.co.id", "081355566677")]),
    ("TKP", "Tokopintar", "PT Toko Pintar Digital", "Retail & E-commerce", "Jakarta Barat",
     "Strategic Partner", "Jl. Letjen S. Parman Kav. 28",
     [("Clara Wijaya", "Female", "Head of Infrastructure", "Engineering", "clara@tokopintar.com", "")]),
    ("SMB", "Semen Borneo", "PT Semen Borneo Tbk", "Manufacturing", "Balikpapan", "Non-Affiliate",
     "Jl. Jend. Sudirman No. 12",
     [("Rudi Hartono", "Male", "Plant IT Manager", "IT", "rudi.hartono@semenborneo.co.id", "")]),
    ("MKS", "Pemkot Makassar", "Pemerintah Kota Makassar", "Government & Public Sector", "Makassar",
     "Government Agency", "Jl. Ahmad Yani No. 2",
     [("Andi Baso", "Male", "Kepala Dinas Kominfo", "Dinas Kominfo", "kominfo@makassarkota.go.id", "")]),
]


def seed_demo_clients(session: Session) -> None:
    """A handful of realistic clients with contacts, only into an empty client table."""
    if session.scalar(select(Client.id).limit(1)) is not None:
        return
    admin = session.scalar(select(User).where(User.username == "admin"))
    if admin is None:
        return
    industries = {i.industry_name: i.id for i in session.scalars(select(m.Industry))}
    affiliates = {a.affiliate_name: a.id for a in session.scalars(select(m.Affiliate))}
    cities = {c.city_name: c for c in session.scalars(select(m.City))}
    for code, name, legal, industry, city_name, affiliate, address, people in DEMO_CLIENTS:
        city = cities[city_name]
        province = session.get(m.Province, city.province_id)
        assert province is not None
        client = Client(client_code=code, client_name=name, legal_name=legal, industry_id=industries[industry],
                        address=address, country_id=province.country_id, province_id=province.id, city_id=city.id,
                        zip_code="10000", affiliate_id=affiliates[affiliate], is_active=True, created_by=admin.id,
                        updated_by=admin.id)
        session.add(client)
        session.flush()
        for fullname, gender, position, division, email, phone in people:
            contacts_service.create(session=session, actor=admin, client=client, commit=False, data=ContactIn(
                fullname=fullname, gender=gender, position=position, division=division, email=email or None,
                phone_number=phone or None))
