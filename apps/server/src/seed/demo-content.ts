import type { PdfSpec } from './demo-images';

/**
 * The texts of the demo: Devgarh, a fictional town on the (equally fictional) Ketki river. Kept apart from the
 * seeding code so the words can be edited without reading any SQL. Placeholders in the paragraph pools
 * ({locality}, {circle}, {resident}, {official}) are filled per record by demo.ts.
 */

export const TOWN = 'Devgarh';
export const SITE_NAME = 'Chaupal Devgarh';

// ── Places ──────────────────────────────────────────────────────────────────────────────────────

export const CIRCLES = ['Old City', 'Civil Lines', 'Railway Colony', 'Riverside', 'MIDC Industrial Area'] as const;
/** Where each circle lies (a listing's pin is near its first circle's), and the PIN code of its post office. */
export const CIRCLE_PLACES: Record<(typeof CIRCLES)[number], { lat: number; lng: number; pin: string }> = {
  'Old City': { lat: 26.4499, lng: 80.3319, pin: '284001' },
  'Civil Lines': { lat: 26.4705, lng: 80.3502, pin: '284002' },
  'Railway Colony': { lat: 26.4388, lng: 80.3124, pin: '284003' },
  Riverside: { lat: 26.4612, lng: 80.3711, pin: '284004' },
  'MIDC Industrial Area': { lat: 26.4201, lng: 80.3012, pin: '284005' },
};
/** Streets a listing's address is on. */
export const STREETS = [
  'Station Road',
  'Sadar Bazaar',
  'Ghanta Ghar Chowk',
  'Mall Road',
  'Ketki Ghat Marg',
  'Gandhi Nagar Main Road',
  'Kotwali Lane',
  'College Road',
];
export type TCircleName = (typeof CIRCLES)[number];

/** Localities and the circles they lie in; two straddle a boundary, as real wards do. */
export const LOCALITIES: { name: string; circles: TCircleName[] }[] = [
  { name: 'Sadar Bazaar', circles: ['Old City'] },
  { name: 'Kotwali Chowk', circles: ['Old City'] },
  { name: 'Jain Mandir Gali', circles: ['Old City'] },
  { name: 'Collectorate Road', circles: ['Civil Lines'] },
  { name: 'Gandhi Nagar', circles: ['Civil Lines'] },
  { name: 'Nehru Park', circles: ['Civil Lines'] },
  { name: 'Station Road', circles: ['Railway Colony'] },
  { name: 'Loco Shed Colony', circles: ['Railway Colony'] },
  { name: 'Subhash Nagar', circles: ['Railway Colony', 'Civil Lines'] },
  { name: 'Ghat Road', circles: ['Riverside'] },
  { name: 'Narmada Vihar', circles: ['Riverside'] },
  { name: 'Shivaji Nagar', circles: ['Riverside', 'Old City'] },
  { name: 'MIDC Sector 4', circles: ['MIDC Industrial Area'] },
  { name: 'Ashok Vihar', circles: ['MIDC Industrial Area'] },
  { name: 'Transport Nagar', circles: ['MIDC Industrial Area'] },
];

// ── People ──────────────────────────────────────────────────────────────────────────────────────

export const DEMO_PASSWORD = 'Demo@1234';

export interface PersonDef {
  name: string;
  email: string;
  phone: string;
}

export const CONTRIBUTORS: PersonDef[] = [
  { name: 'Aarav Sharma', email: 'aarav.sharma@example.com', phone: '+919812345601' },
  { name: 'Priya Nair', email: 'priya.nair@example.com', phone: '+919812345602' },
  { name: 'Rohan Verma', email: 'rohan.verma@example.com', phone: '+919812345603' },
  { name: 'Sunita Patil', email: 'sunita.patil@example.com', phone: '+919812345604' },
  { name: 'Imran Qureshi', email: 'imran.qureshi@example.com', phone: '+919812345605' },
  { name: 'Kavya Reddy', email: 'kavya.reddy@example.com', phone: '+919812345606' },
];

/** An account on hold: its records stay in the database but are never public (DESIGN §5). */
export const HELD_CONTRIBUTOR: PersonDef = {
  name: 'Vikram Malhotra',
  email: 'vikram.malhotra@example.com',
  phone: '+919812345699',
};

export const RESIDENTS = [
  'Ramesh Gupta',
  'Shabana Khan',
  'Manoj Tiwari',
  'Lata Deshmukh',
  'Harjeet Kaur',
  'Prakash Joshi',
  'Fatima Ansari',
  'Dinesh Yadav',
  'Asha Kulkarni',
  'Joseph Mathew',
];
export const OFFICIALS = [
  'S. K. Mishra',
  'Anuradha Saxena',
  'R. P. Chauhan',
  'Meena Bhatt',
  'Abdul Rashid',
  'Neeraj Pandey',
];
export const REPORTERS = ['Anjali Deshmukh', 'Farhan Siddiqui', 'Meenakshi Rao', 'Harpreet Gill', 'Staff Reporter'];
export const AUTHORS = ['Ritu Bhatnagar', 'Kabir Menon', 'Shalini Joshi', 'Nikhil Deshpande', 'Zoya Mirza'];

// ── Taxonomy ────────────────────────────────────────────────────────────────────────────────────

export interface TaxonDef {
  key: string;
  title: string;
  description: string;
  metaKeywords: string;
  /** Colour of its picture. */
  hue: number;
  /** A taxon on hold: it and records only under it are hidden. */
  hold?: boolean;
  /** Name of the PDF its records sometimes attach. */
  doc: string;
  /** Bullet points a record's content picks from, and its usual hours. */
  offers?: string[];
  hours?: string;
  /** The same hours for the records' opening-hours field: `days ranges` parts split by `;` (`mon-sat 10:00-13:00 17:00-20:00`). */
  week?: string;
  /** Publishing pages only: the page's own HTML. */
  content?: string;
}

export const SERVICES: TaxonDef[] = [
  {
    key: 'doctors',
    title: 'Doctors',
    description:
      'General physicians, specialists and clinics across Devgarh, with consulting hours and contact numbers.',
    metaKeywords: 'doctors in Devgarh, clinic, physician, specialist, hospital',
    hue: 200,
    doc: 'clinic-timings',
    offers: [
      'OPD consultation',
      'Follow-up visits',
      'Health check-up packages',
      'Vaccination',
      'Home visits for elderly patients',
      'Tele-consultation',
    ],
    hours: 'Mon–Sat, 10 am – 1 pm and 5 pm – 8 pm; Sunday by appointment.',
    week: 'mon-sat 10:00-13:00 17:00-20:00',
  },
  {
    key: 'lawyers',
    title: 'Lawyers',
    description:
      'Advocates and law firms for civil, criminal, family, property and consumer matters at the Devgarh courts.',
    metaKeywords: 'lawyers in Devgarh, advocate, legal advice, court, notary',
    hue: 230,
    doc: 'fee-schedule',
    offers: [
      'First consultation',
      'Drafting of agreements and wills',
      'Court representation',
      'Legal notices',
      'Property title verification',
      'Mediation',
    ],
    hours: 'Mon–Sat, 10 am – 6 pm at chambers; court days by appointment.',
    week: 'mon-sat 10:00-18:00',
  },
  {
    key: 'plumbers',
    title: 'Plumbers',
    description:
      'Plumbers for leaks, fittings, water tanks, motors and drainage, with same-day visits in most localities.',
    metaKeywords: 'plumber Devgarh, leak repair, bathroom fitting, water tank, drainage',
    hue: 190,
    doc: 'rate-card',
    offers: [
      'Leak and tap repair',
      'Bathroom and kitchen fittings',
      'Water tank installation',
      'Motor pump repair',
      'Drain cleaning',
      'Geyser installation',
    ],
    hours: 'Every day, 8 am – 9 pm; emergency calls until 10 pm.',
    week: 'mon-sun 08:00-21:00',
  },
  {
    key: 'electricians',
    title: 'Electricians',
    description:
      'Electricians for wiring, repairs, inverters, solar panels and appliance servicing at homes, shops and offices.',
    metaKeywords: 'electrician Devgarh, wiring, inverter, AC repair, solar',
    hue: 48,
    doc: 'rate-card',
    offers: [
      'House wiring',
      'MCB and DB panel work',
      'Inverter and battery installation',
      'Fan and light fitting',
      'AC and appliance servicing',
      'Earthing',
    ],
    hours: 'Mon–Sat, 9 am – 8 pm; Sunday for emergencies.',
    week: 'mon-sat 09:00-20:00',
  },
  {
    key: 'tutors',
    title: 'Tutors',
    description: 'Home tutors, coaching classes and music teachers for school students and adult learners.',
    metaKeywords: 'tuition Devgarh, coaching classes, home tutor, spoken English, music classes',
    hue: 280,
    doc: 'batch-timings',
    offers: [
      'Small batches',
      'Weekly tests',
      'Doubt-clearing sessions',
      'Study material',
      'Parent–teacher meetings',
      'Online classes on request',
    ],
    hours: 'Mon–Sat, 6 am – 9 am and 4 pm – 8 pm.',
    week: 'mon-sat 06:00-09:00 16:00-20:00',
  },
  {
    key: 'chartered-accountants',
    title: 'Chartered Accountants',
    description: 'Chartered accountants and tax consultants for income tax, GST, audits and company compliance.',
    metaKeywords: 'CA in Devgarh, chartered accountant, GST filing, income tax return, audit',
    hue: 160,
    doc: 'fee-schedule',
    offers: [
      'Income-tax returns',
      'GST registration and returns',
      'Audit and assurance',
      'Company and LLP registration',
      'TDS returns',
      'Project reports for bank loans',
    ],
    hours: 'Mon–Sat, 10 am – 7 pm; extended hours in July and September.',
    week: 'mon-sat 10:00-19:00',
  },
  {
    key: 'carpenters',
    title: 'Carpenters',
    description: 'Carpenters and interior workshops for furniture, modular kitchens, repairs and polishing.',
    metaKeywords: 'carpenter Devgarh, furniture repair, modular kitchen, wardrobe, polishing',
    hue: 28,
    doc: 'rate-card',
    offers: [
      'Custom furniture',
      'Modular kitchens',
      'Wardrobes',
      'Door and window repair',
      'Polishing',
      'Site measurement and 3D design',
    ],
    hours: 'Mon–Sat, 9 am – 7 pm.',
    week: 'mon-sat 09:00-19:00',
  },
  {
    key: 'beauticians',
    title: 'Beauticians',
    description: 'Beauty parlours, salons and bridal make-up artists, at the salon or at home.',
    metaKeywords: 'beauty parlour Devgarh, salon, bridal makeup, mehendi, spa',
    hue: 330,
    doc: 'rate-card',
    offers: [
      'Facials and clean-ups',
      'Threading and waxing',
      'Hair cut and styling',
      'Bridal and party make-up',
      'Mehendi',
      'Manicure and pedicure',
    ],
    hours: 'Every day, 10 am – 8 pm; Tuesday closed.',
    week: 'mon 10:00-20:00; wed-sun 10:00-20:00',
  },
  {
    key: 'pest-control',
    title: 'Pest Control',
    description: 'Pest control services for termites, cockroaches and mosquitoes (listing under review).',
    metaKeywords: 'pest control Devgarh, termite treatment, fumigation',
    hue: 95,
    hold: true,
    doc: 'rate-card',
    offers: ['Termite treatment', 'Cockroach gel treatment', 'Mosquito fogging', 'Bed bug treatment'],
    hours: 'Mon–Sat, 9 am – 6 pm.',
    week: 'mon-sat 09:00-18:00',
  },
];

export const CATEGORIES: TaxonDef[] = [
  {
    key: 'grocery',
    title: 'Grocery',
    description: 'Kirana stores, supermarkets, dairies and dry-fruit shops, many with home delivery.',
    metaKeywords: 'grocery Devgarh, kirana store, supermarket, home delivery',
    hue: 110,
    doc: 'price-list',
    offers: [
      'Staples: atta, rice, dal and oil',
      'Fresh vegetables and fruit',
      'Dairy products',
      'Spices and dry fruits',
      'Household cleaning supplies',
      'Packaged snacks',
    ],
    hours: 'Every day, 7 am – 10 pm.',
    week: 'mon-sun 07:00-22:00',
  },
  {
    key: 'pharmacy',
    title: 'Pharmacy',
    description: 'Chemists, generic medicine stores and surgical suppliers, including 24-hour pharmacies.',
    metaKeywords: 'pharmacy Devgarh, chemist, medical store, 24 hour pharmacy, generic medicines',
    hue: 175,
    doc: 'price-list',
    offers: [
      'Prescription medicines',
      'Generic medicines',
      'Surgical and first-aid supplies',
      'Baby care products',
      'Diabetic care',
      'Free home delivery nearby',
    ],
    hours: 'Every day, 8 am – 11 pm.',
    week: 'mon-sun 08:00-23:00',
  },
  {
    key: 'hardware',
    title: 'Hardware',
    description: 'Hardware, paint, sanitaryware, tiles and building-material shops.',
    metaKeywords: 'hardware store Devgarh, paints, tiles, sanitaryware, tools',
    hue: 15,
    doc: 'price-list',
    offers: [
      'Hand and power tools',
      'Paints and primers',
      'Pipes and fittings',
      'Tiles and sanitaryware',
      'Locks and hinges',
      'Cement and steel',
    ],
    hours: 'Mon–Sat, 9 am – 8 pm.',
    week: 'mon-sat 09:00-20:00',
  },
  {
    key: 'electronics',
    title: 'Electronics',
    description: 'Mobile phones, computers, home appliances, lighting and repairs.',
    metaKeywords: 'electronics shop Devgarh, mobile store, appliances, computer repair',
    hue: 220,
    doc: 'price-list',
    offers: [
      'Mobile phones and accessories',
      'TVs and home appliances',
      'Laptops and printers',
      'LED lighting',
      'Repairs and servicing',
      'EMI options',
    ],
    hours: 'Every day, 10 am – 9 pm.',
    week: 'mon-sun 10:00-21:00',
  },
  {
    key: 'bakery',
    title: 'Bakery',
    description: 'Bakeries, sweet shops and cafés: breads, cakes, biscuits and festival sweets.',
    metaKeywords: 'bakery Devgarh, cake shop, sweets, cafe',
    hue: 35,
    doc: 'menu-card',
    offers: [
      'Fresh bread and pav',
      'Custom cakes',
      'Cookies and rusks',
      'Festival sweets',
      'Savoury snacks',
      'Eggless options',
    ],
    hours: 'Every day, 7 am – 10 pm.',
    week: 'mon-sun 07:00-22:00',
  },
  {
    key: 'clothing',
    title: 'Clothing',
    description: 'Sarees, ethnic wear, tailoring, kidswear and everyday fashion.',
    metaKeywords: 'clothing store Devgarh, sarees, tailor, kidswear, ethnic wear',
    hue: 300,
    doc: 'price-list',
    offers: [
      'Sarees and dress materials',
      'Men’s ethnic and formal wear',
      'Kidswear',
      'Alterations and tailoring',
      'Handloom and khadi',
      'Festive collections',
    ],
    hours: 'Mon–Sat, 10 am – 9 pm; Sunday 11 am – 7 pm.',
    week: 'mon-sat 10:00-21:00; sun 11:00-19:00',
  },
  {
    key: 'stationery',
    title: 'Stationery',
    description: 'Books, stationery, photocopying, art supplies and school needs.',
    metaKeywords: 'stationery Devgarh, book store, xerox, art supplies, school books',
    hue: 260,
    doc: 'price-list',
    offers: [
      'School and college books',
      'Notebooks and files',
      'Photocopy and printing',
      'Art and craft supplies',
      'Office stationery',
      'Exam guides',
    ],
    hours: 'Mon–Sat, 9 am – 9 pm.',
    week: 'mon-sat 09:00-21:00',
  },
  {
    key: 'furniture',
    title: 'Furniture',
    description: 'Furniture showrooms and workshops for homes and offices, mattresses and cane furniture.',
    metaKeywords: 'furniture Devgarh, sofa, beds, office furniture, mattress',
    hue: 20,
    doc: 'price-list',
    offers: [
      'Sofas and beds',
      'Dining sets',
      'Office chairs and desks',
      'Mattresses',
      'Steel almirahs',
      'Free delivery in town',
    ],
    hours: 'Every day, 10 am – 8:30 pm.',
    week: 'mon-sun 10:00-20:30',
  },
  {
    key: 'toys-gifts',
    title: 'Toys & Gifts',
    description: 'Toy and gift shops (category under review).',
    metaKeywords: 'toys Devgarh, gift shop',
    hue: 350,
    hold: true,
    doc: 'price-list',
    offers: ['Educational toys', 'Board games', 'Gift wrapping', 'Greeting cards'],
    hours: 'Every day, 10 am – 9 pm.',
    week: 'mon-sun 10:00-21:00',
  },
];

export const EDITIONS: TaxonDef[] = [
  {
    key: 'city',
    title: 'City',
    description: 'Civic news from Devgarh: roads, water, power, transport and the municipal council.',
    metaKeywords: 'Devgarh news, city news, municipal council, civic issues',
    hue: 210,
    doc: 'press-release',
  },
  {
    key: 'sports',
    title: 'Sports',
    description: 'Cricket, kabaddi, athletics and every local tournament, from school grounds to state meets.',
    metaKeywords: 'Devgarh sports, cricket, kabaddi, marathon, local tournaments',
    hue: 130,
    doc: 'event-schedule',
  },
  {
    key: 'business',
    title: 'Business',
    description: 'Markets, traders, industry, jobs and prices in and around Devgarh.',
    metaKeywords: 'Devgarh business, market prices, traders, MIDC, jobs',
    hue: 40,
    doc: 'press-release',
  },
  {
    key: 'culture',
    title: 'Culture',
    description: 'Festivals, music, theatre, books and the people who keep Devgarh’s traditions alive.',
    metaKeywords: 'Devgarh culture, festivals, music, theatre, heritage',
    hue: 320,
    doc: 'event-schedule',
  },
];

export const PAGES: TaxonDef[] = [
  {
    key: 'food-heritage',
    title: 'Food & Heritage',
    description: 'Old kitchens, market lanes, havelis and the stories behind what Devgarh eats and builds.',
    metaKeywords: 'Devgarh food, heritage, street food, havelis, history',
    hue: 25,
    doc: 'heritage-walk-guide',
    content:
      '<p>Devgarh’s food and buildings tell the story of a market town on the Ketki. This page collects walks through old lanes, recipes handed down in families and the heritage that survives in carved doors and stepwells.</p>',
  },
  {
    key: 'town-people',
    title: 'Town People',
    description: 'Profiles of the residents who make Devgarh what it is: teachers, craftsmen, players and neighbours.',
    metaKeywords: 'Devgarh people, profiles, community, inspiring stories',
    hue: 265,
    doc: 'event-schedule',
    content:
      '<p>Every town runs on people who rarely make the headlines. Town People introduces them: the postman who knows every lane, the teacher with a courtyard library, the craftsman keeping an old trade alive.</p>',
  },
  {
    key: 'health',
    title: 'Health',
    description: 'Practical health guides from local doctors: seasons, diet, children, elders and public schemes.',
    metaKeywords: 'health tips, Devgarh doctors, dengue, heatwave, diet',
    hue: 170,
    doc: 'health-camp-notice',
    content:
      '<p>Plain-language health guides written with doctors who practise in Devgarh. These articles are for general information; please consult your doctor about your own health.</p>',
  },
  {
    key: 'travel',
    title: 'Travel',
    description: 'Day trips, forts, ghats, wetlands and weekend getaways within easy reach of Devgarh.',
    metaKeywords: 'Devgarh travel, day trips, fort, ghats, weekend getaways',
    hue: 195,
    doc: 'heritage-walk-guide',
    content:
      '<p>Short trips from Devgarh, tested by our writers: how to get there, when to go, where to eat and what to carry.</p>',
  },
];

// ── Documents (tiny PDFs) ───────────────────────────────────────────────────────────────────────

export const DOCS: PdfSpec[] = [
  {
    name: 'price-list',
    title: 'Price List 2026',
    lines: [
      'Prices in rupees, inclusive of GST.',
      '',
      'Standard item ........ 120',
      'Premium item ......... 240',
      'Family pack .......... 450',
      '',
      'Prices may change without notice.',
    ],
  },
  {
    name: 'rate-card',
    title: 'Service Rate Card',
    lines: [
      'Visiting charge (within Devgarh) ... 150',
      'Minor repair ....................... 250',
      'Standard job ....................... 500',
      'Materials billed at cost.',
      '',
      'Six-month guarantee on workmanship.',
    ],
  },
  {
    name: 'clinic-timings',
    title: 'Clinic Timings and Fees',
    lines: [
      'Morning OPD: 10:00 am - 1:00 pm',
      'Evening OPD: 5:00 pm - 8:00 pm',
      'Consultation fee: 400 (follow-up within 7 days free)',
      '',
      'Please bring previous prescriptions and reports.',
    ],
  },
  {
    name: 'fee-schedule',
    title: 'Professional Fee Schedule',
    lines: [
      'First consultation .......... 500',
      'Drafting (per document) ..... 1,500',
      'Annual return filing ........ from 1,000',
      '',
      'Fees exclude government charges and stamp duty.',
    ],
  },
  {
    name: 'batch-timings',
    title: 'Batch Timings 2026',
    lines: [
      'Classes 6-8:  4:00 pm - 5:30 pm',
      'Classes 9-10: 5:30 pm - 7:00 pm',
      'Classes 11-12: 6:30 am - 8:30 am',
      '',
      'Monthly fee payable by the 10th.',
    ],
  },
  {
    name: 'menu-card',
    title: 'Menu Card',
    lines: [
      'Pav (6 pcs) ............. 30',
      'Butter biscuits (250 g) . 90',
      'Black forest cake (1 kg)  650',
      'Veg puff ................ 25',
      '',
      'Custom cakes: order one day ahead.',
    ],
  },
  {
    name: 'press-release',
    title: 'Press Release',
    lines: [
      'Devgarh Municipal Council',
      '',
      'For immediate release.',
      'Details of the announcement are given in the news report.',
      'Contact: Public Relations Office, Collectorate Road, Devgarh.',
    ],
  },
  {
    name: 'event-schedule',
    title: 'Event Schedule',
    lines: [
      'Day 1:  6:00 pm  Inauguration',
      'Day 1:  7:00 pm  Main programme',
      'Day 2: 10:00 am  Workshops and competitions',
      'Day 2:  5:00 pm  Prize distribution',
      '',
      'Entry free. All are welcome.',
    ],
  },
  {
    name: 'heritage-walk-guide',
    title: 'Heritage Walk Guide',
    lines: [
      'Start: Kotwali Chowk clock tower',
      '1. Jain Mandir Gali havelis',
      '2. Rani Baori stepwell',
      '3. Sadar Bazaar spice lane',
      '4. Ghat Road steps',
      '',
      'Distance about 3 km. Wear comfortable shoes.',
    ],
  },
  {
    name: 'health-camp-notice',
    title: 'Free Health Camp Notice',
    lines: [
      'District Health Office, Devgarh',
      '',
      'Free blood pressure, sugar and eye check-ups.',
      'Every first Sunday, 9 am - 1 pm, community halls.',
      'Bring your Aadhaar card and old reports.',
    ],
  },
];

// ── Experts and outlets ─────────────────────────────────────────────────────────────────────────

export interface ListingDef {
  title: string;
  /** Keys of its services (experts) or categories (outlets). */
  in: string[];
  /** Two or three sentences: the first paragraph of its description. */
  about: string;
  status?: 'pending' | 'hold';
  /** Owned by the held account. */
  heldOwner?: true;
  /** Its own hours, where they are not its trade's usual ones: the text of its content and the opening-hours field. */
  hours?: string;
  week?: string;
}

export const EXPERTS: ListingDef[] = [
  {
    title: 'Dr. Meera Iyer — Paediatrician',
    in: ['doctors'],
    about:
      'Dr. Meera Iyer has looked after the children of Devgarh for over fifteen years, from newborn check-ups to school vaccinations. Parents value her unhurried consultations and clear advice on nutrition and growth.',
  },
  {
    title: 'Dr. Rakesh Bansal — General Physician',
    in: ['doctors'],
    about:
      'A family physician trusted by three generations in the Old City, Dr. Bansal treats fevers, diabetes, blood pressure and seasonal infections. His clinic keeps a small in-house lab for routine blood tests.',
  },
  {
    title: 'Dr. Farah Naqvi — Gynaecologist',
    in: ['doctors'],
    about:
      'Dr. Farah Naqvi offers antenatal care, high-risk pregnancy monitoring and women’s wellness check-ups. She also runs a free monthly awareness camp on anaemia at the community hall.',
  },
  {
    title: 'Dr. Sandeep Kulkarni — Orthopaedic Surgeon',
    in: ['doctors'],
    about:
      'Dr. Kulkarni treats fractures, sports injuries, back pain and arthritis, and performs knee and hip replacements at the District Hospital. Physiotherapy sessions are available at the same clinic.',
  },
  {
    title: 'Smile Dental Care — Dr. Anita Joshi',
    in: ['doctors'],
    about:
      'A modern dental clinic offering cleaning, fillings, root canal treatment, braces and implants. Dr. Anita Joshi and her team use digital X-rays and sterilised single-use kits for every patient.',
  },
  {
    title: 'Dr. Harish Mehta — Eye Specialist',
    in: ['doctors'],
    about:
      'Dr. Harish Mehta is an ophthalmologist offering eye tests, cataract surgery and glaucoma care. Spectacle prescriptions are made on the spot with computerised refraction.',
  },
  {
    title: 'Dr. Sneha Pillai — Dermatologist',
    in: ['doctors'],
    about:
      'Dr. Sneha Pillai treats acne, eczema, hair fall and skin allergies, and offers minor skin procedures. Evening appointments suit college students and working people.',
    status: 'pending',
  },
  {
    title: 'Sharma & Associates, Advocates',
    in: ['lawyers'],
    about:
      'Sharma & Associates handle civil suits, property disputes and family matters before the Devgarh District Court. The firm also drafts sale deeds, wills and rent agreements at fixed fees.',
  },
  {
    title: 'Adv. Nandini Rao — Family Law',
    in: ['lawyers'],
    about:
      'Advocate Nandini Rao practises family law, including divorce, custody, maintenance and domestic violence cases. First consultations are confidential and can be held in Hindi, Marathi or English.',
  },
  {
    title: 'Adv. Mohammed Irfan — Criminal Law',
    in: ['lawyers'],
    about:
      'Advocate Mohammed Irfan has two decades of experience in bail matters, criminal trials and appeals at the Sessions Court. He is known for careful preparation and plain-spoken advice.',
  },
  {
    title: 'Desai Legal Chambers — Property & Revenue',
    in: ['lawyers'],
    about:
      'Desai Legal Chambers specialise in land records, mutation, partition suits and revenue court matters. They also help families verify title documents before buying a plot.',
  },
  {
    title: 'Adv. Kiran Thakur — Consumer & Labour Cases',
    in: ['lawyers'],
    about:
      'Advocate Kiran Thakur files consumer complaints, insurance claims and labour disputes. Many cases are settled through mediation before they reach a hearing.',
  },
  {
    title: 'Adv. Rahul Chauhan — Cyber Law',
    in: ['lawyers'],
    about:
      'Advocate Rahul Chauhan advises on online fraud, cyber complaints and data privacy for individuals and small businesses. He regularly speaks at school awareness sessions on safe internet use.',
    status: 'pending',
  },
  {
    title: 'Gupta Plumbing Works',
    in: ['plumbers'],
    about:
      'Gupta Plumbing Works fixes leaking taps, blocked drains and bathroom fittings, and installs water tanks and motor pumps. Emergency visits are available until 10 pm.',
  },
  {
    title: 'Ramesh Yadav — Plumber',
    in: ['plumbers'],
    about:
      'Ramesh Yadav is a plumber with twelve years of experience in CPVC and GI pipe fitting. He gives a written estimate before starting any work.',
  },
  {
    title: 'AquaFix Plumbing Services',
    in: ['plumbers'],
    about:
      'AquaFix installs RO water purifiers, geysers and pressure pumps, and repairs concealed pipeline leaks without breaking tiles. Annual maintenance plans are available for housing societies.',
  },
  {
    title: 'Pipeline Solutions by Salim Khan',
    in: ['plumbers'],
    about:
      'Salim Khan and his team handle new bathroom plumbing, drainage lines and rainwater harvesting pits. They work across Riverside and the Old City.',
  },
  {
    title: 'Quick Drain Cleaners',
    in: ['plumbers'],
    about:
      'Quick Drain Cleaners clear choked sewer lines and septic tanks using high-pressure jetting machines. Their crew is on call on Sundays as well.',
    status: 'hold',
  },
  {
    title: 'Bright Spark Electricals',
    in: ['electricians'],
    about:
      'Bright Spark Electricals does house wiring, MCB panels, inverter installation and fan and light fitting. All work follows ISI-standard wiring and comes with a six-month guarantee.',
  },
  {
    title: 'Suresh Patil — Electrician',
    in: ['electricians'],
    about:
      'Suresh Patil attends to short circuits, meter shifting and new appliance points at homes and shops. He is known for arriving on time and cleaning up after the job.',
  },
  {
    title: 'Sun Power Solar Installers',
    in: ['electricians'],
    about:
      'Sun Power designs and installs rooftop solar systems for homes and small businesses, and helps with net-metering paperwork at the electricity office. Site surveys are free within Devgarh.',
  },
  {
    title: 'Gupta Home Services — Electrical & Plumbing',
    in: ['electricians', 'plumbers'],
    about:
      'Gupta Home Services sends one trained technician for both electrical and plumbing repairs, saving you two visits. Ideal for new tenants setting up a flat.',
  },
  {
    title: 'Voltage Fix AC & Appliance Repair',
    in: ['electricians'],
    about:
      'Voltage Fix repairs air conditioners, refrigerators, washing machines and coolers, and services split ACs before summer. Genuine spare parts are used, with a bill for every job.',
  },
  {
    title: 'Ms. Shalini Verma — Maths & Science Tutor',
    in: ['tutors'],
    about:
      'Ms. Shalini Verma teaches maths and science to students of Classes 6 to 10 in small batches of six. Weekly tests and parent meetings help track progress.',
  },
  {
    title: 'Excel Coaching Classes',
    in: ['tutors'],
    about:
      'Excel Coaching prepares students for Class 11–12 board exams and JEE and NEET foundation courses. Its faculty include former school teachers and engineers from Devgarh.',
  },
  {
    title: 'Prof. Arvind Saxena — English & Spoken English',
    in: ['tutors'],
    about:
      'Prof. Arvind Saxena runs spoken English and grammar classes for school students and working adults. Batches meet in the mornings and evenings.',
  },
  {
    title: 'Sur Sangam Music Classes',
    in: ['tutors'],
    about:
      'Sur Sangam teaches Hindustani vocal music, harmonium and tabla to beginners and advanced learners. Students perform at the annual Basant concert.',
  },
  {
    title: 'Little Scholars Home Tuition',
    in: ['tutors'],
    about:
      'Little Scholars offers home tuition for primary classes in all subjects, with a focus on reading and handwriting. All tutors are verified and trained.',
    status: 'pending',
  },
  {
    title: 'Agarwal & Co., Chartered Accountants',
    in: ['chartered-accountants'],
    about:
      'Agarwal & Co. handle audits, income-tax returns and GST filing for traders and professionals. The firm has served Devgarh’s business community since 1994.',
  },
  {
    title: 'CA Pooja Malhotra — Tax & GST',
    in: ['chartered-accountants'],
    about:
      'CA Pooja Malhotra helps salaried people, freelancers and small shops file income-tax returns and monthly GST returns. She explains every notice in plain words.',
  },
  {
    title: 'Jain Kothari & Associates',
    in: ['chartered-accountants'],
    about:
      'Jain Kothari & Associates offer company incorporation, statutory audits and project reports for bank loans. They also advise on MSME registration.',
  },
  {
    title: 'CA Vivek Bhandari — Startup Accounting',
    in: ['chartered-accountants'],
    about:
      'CA Vivek Bhandari provides bookkeeping, payroll and compliance packages for startups and small firms. Monthly reports arrive by the seventh of each month.',
  },
  {
    title: 'Tax Mitra Filing Centre',
    in: ['chartered-accountants'],
    about:
      'Tax Mitra is a walk-in centre for PAN, income-tax returns, GST registration and TDS returns. Every file is checked by a practising chartered accountant.',
  },
  {
    title: 'Vishwakarma Furniture Works',
    in: ['carpenters'],
    about:
      'Vishwakarma Furniture Works makes custom wardrobes, beds and kitchen cabinets in teak, sheesham and plywood. Visit the workshop in Transport Nagar to see samples.',
  },
  {
    title: 'Kishan Lal — Carpenter',
    in: ['carpenters'],
    about:
      'Kishan Lal repairs doors, windows and furniture and fits locks, hinges and curtain rods. Small jobs are usually done the same day.',
  },
  {
    title: 'Modular Kitchen Studio',
    in: ['carpenters'],
    about:
      'Modular Kitchen Studio designs and installs modular kitchens and wardrobes with soft-close fittings. A 3D design is shared before production begins.',
  },
  {
    title: 'Woodcraft Interiors',
    in: ['carpenters'],
    about:
      'Woodcraft Interiors take up complete interior work for flats and offices: false ceilings, wall panelling and furniture. Projects are delivered on a fixed timeline.',
  },
  {
    title: 'Anwar Polish & Repair',
    in: ['carpenters'],
    about:
      'Anwar specialises in polishing and restoring old wooden furniture, including antique almirahs and carved doors. Melamine, PU and duco finishes are available.',
    heldOwner: true,
  },
  {
    title: 'Glow Beauty Parlour',
    in: ['beauticians'],
    about:
      'Glow Beauty Parlour offers facials, threading, waxing, hair spa and manicures in a clean, women-only salon. Monthly packages are popular with college students.',
  },
  {
    title: 'Roop Shringar Bridal Studio',
    in: ['beauticians'],
    about:
      'Roop Shringar is known for bridal and party make-up, mehendi and saree draping. Bookings for the wedding season open three months in advance.',
  },
  {
    title: 'Style Zone Unisex Salon',
    in: ['beauticians'],
    about:
      'Style Zone offers haircuts, colouring, beard styling and keratin treatments for men and women. Walk-ins are welcome, though weekends are busy.',
  },
  {
    title: 'Neha’s Home Beauty Services',
    in: ['beauticians'],
    about:
      'Neha and her team provide salon services at home for women and elderly clients. All tools are sanitised and products come sealed.',
  },
  {
    title: 'Herbal Touch Ayurvedic Spa',
    in: ['beauticians'],
    about:
      'Herbal Touch offers Ayurvedic facials, head massages and hair treatments with herbal products. Its therapists are trained in traditional techniques.',
  },
  {
    title: 'Raj Pest Control Services',
    in: ['pest-control'],
    about:
      'Raj Pest Control treats homes and warehouses for termites, cockroaches and bed bugs with government-approved chemicals. Every treatment comes with a follow-up visit.',
  },
];

export const OUTLETS: ListingDef[] = [
  {
    title: 'Agarwal Kirana Store',
    in: ['grocery'],
    about:
      'A neighbourhood kirana store that has stocked staples, spices and household goods since 1978. Orders placed on WhatsApp before noon are delivered the same evening.',
  },
  {
    title: 'Devgarh Fresh Mart',
    in: ['grocery'],
    about:
      'Devgarh Fresh Mart is a self-service supermarket with fresh vegetables, dairy, frozen foods and household brands. Its weekend offers draw shoppers from across Civil Lines.',
  },
  {
    title: 'Annapurna Provision Store',
    in: ['grocery'],
    about:
      'Annapurna Provision Store sells loose grains, pulses and cold-pressed oils by weight. Monthly ration lists can be dropped off and collected later.',
  },
  {
    title: 'Green Basket Organic Store',
    in: ['grocery'],
    about:
      'Green Basket sources organic vegetables, millets, jaggery and honey directly from farmers near Devgarh. Every product is labelled with the farm it came from.',
  },
  {
    title: 'Bharat Dry Fruits & Spices',
    in: ['grocery'],
    about:
      'A wholesale and retail shop for dry fruits, whole spices and masala blends ground on site. Festival gift boxes can be packed to order.',
  },
  {
    title: 'Sai Dairy & Milk Centre',
    in: ['grocery'],
    about:
      'Sai Dairy supplies fresh milk, curd, paneer and ghee from the co-operative dairy twice a day. Monthly milk cards are available for home delivery.',
  },
  {
    title: 'Jeevan Medical Store',
    in: ['pharmacy'],
    about:
      'Jeevan Medical Store stocks prescription medicines, surgical supplies and baby care products. A registered pharmacist is always at the counter.',
  },
  {
    title: 'Sanjeevani Pharmacy',
    in: ['pharmacy'],
    about:
      'Sanjeevani Pharmacy, opposite the District Hospital, is open late and keeps a wide range of specialist medicines. Senior citizens get a standing discount.',
  },
  {
    title: 'Lifeline Chemists (24×7)',
    in: ['pharmacy'],
    about:
      'Lifeline is Devgarh’s round-the-clock pharmacy near Station Road. Night orders can be placed by phone and collected at the window.',
    hours: 'Open 24 hours, every day of the year.',
    // Midnight to midnight every day: open without a break, which the open-now badge reads as "Open 24 hours".
    week: 'mon-sun 00:00-24:00',
  },
  {
    title: 'Arogya Generic Medicine Kendra',
    in: ['pharmacy'],
    about:
      'Arogya sells quality generic medicines at prices well below branded equivalents. The staff help customers find the generic version of their prescription.',
  },
  {
    title: 'CarePlus Surgicals',
    in: ['pharmacy'],
    about:
      'CarePlus supplies wheelchairs, walkers, BP monitors, glucometers and oxygen concentrators for sale or rent. Free delivery and set-up within town limits.',
  },
  {
    title: 'Wellness Ayurvedic Store',
    in: ['pharmacy'],
    about:
      'Wellness Ayurvedic Store carries classical Ayurvedic medicines, herbal oils and churnas from licensed makers. A vaidya visits on Saturday mornings.',
    status: 'pending',
  },
  {
    title: 'Mahalaxmi Hardware & Paints',
    in: ['hardware'],
    about:
      'Mahalaxmi stocks hand tools, fasteners, locks and paints, with a computerised colour-mixing machine. Contractors get credit accounts.',
  },
  {
    title: 'Shree Balaji Sanitary & Tiles',
    in: ['hardware'],
    about:
      'A showroom of tiles, sanitaryware and bathroom fittings from leading brands. The staff can suggest layouts from a photo of your bathroom.',
  },
  {
    title: 'Patel Iron & Steel Traders',
    in: ['hardware'],
    about:
      'Patel Iron & Steel supplies TMT bars, angles, sheets and cement to builders and households. Bulk orders are delivered by their own trucks.',
  },
  {
    title: 'Kamal Tools Corner',
    in: ['hardware'],
    about:
      'Kamal Tools Corner sells and repairs power tools, drills, grinders and welding machines. Tools can also be rented by the day.',
  },
  {
    title: 'Rangoli Paints',
    in: ['hardware'],
    about:
      'Rangoli Paints offers interior and exterior paints, waterproofing and texture finishes. A free site visit helps estimate quantities.',
    status: 'pending',
  },
  {
    title: 'Digital World Electronics',
    in: ['electronics'],
    about:
      'Digital World sells televisions, refrigerators, washing machines and kitchen appliances with easy EMI. Installation is arranged through the brands’ service centres.',
  },
  {
    title: 'Mobile Point',
    in: ['electronics'],
    about:
      'Mobile Point has the latest phones, accessories and a quick repair desk for screens and batteries. Old phones are accepted in exchange.',
  },
  {
    title: 'Shakti Electricals & Lighting',
    in: ['electronics'],
    about:
      'Shakti stocks LED lights, fans, switches, wires and decorative lighting for homes and shops. Festival lighting can be rented for weddings.',
  },
  {
    title: 'Sound & Vision Home Appliances',
    in: ['electronics'],
    about:
      'Sound & Vision specialises in home theatre systems, speakers and smart TVs, with a demo room. Their technicians handle wall mounting and set-up.',
  },
  {
    title: 'CompuCare Computers',
    in: ['electronics'],
    about:
      'CompuCare sells laptops, desktops and printers and repairs them in an in-house workshop. Annual maintenance contracts are popular with schools and offices.',
  },
  {
    title: 'Baker’s Basket',
    in: ['bakery'],
    about:
      'Baker’s Basket bakes fresh bread, pav and buns every morning and custom cakes to order. Its eggless range is a favourite for birthdays.',
  },
  {
    title: 'Noor Bakery',
    in: ['bakery'],
    about:
      'Noor Bakery in the Old City is famous for its wood-fired rusks, nankhatai and sheermal. The family has baked here for three generations.',
  },
  {
    title: 'Cake Studio by Riya',
    in: ['bakery'],
    about:
      'A home-grown cake studio making designer cakes, cupcakes and dessert jars for every occasion. Orders need a day’s notice.',
  },
  {
    title: 'Mishra Sweets & Bakery',
    in: ['bakery', 'grocery'],
    about:
      'Mishra Sweets sells traditional mithai, namkeen and bakery items, plus packaged staples at the back counter. Festival hampers are made to order.',
  },
  {
    title: 'Wheat & Honey Café',
    in: ['bakery'],
    about:
      'Wheat & Honey is a small café-bakery serving coffee, sandwiches and whole-wheat bakes. Students like its quiet reading corner.',
  },
  {
    title: 'Punjab Sweet House',
    in: ['bakery'],
    about:
      'Punjab Sweet House is known for its hot jalebis, lassi and pinni in winter. Breakfast chole-bhature is served until 11 am.',
    heldOwner: true,
  },
  {
    title: 'Kala Niketan Sarees',
    in: ['clothing'],
    about:
      'Kala Niketan has sarees for every budget, from daily cotton to Banarasi silk, and bridal collections. Fall and pico work is done in-house.',
  },
  {
    title: 'Gentleman’s Choice Tailors',
    in: ['clothing'],
    about:
      'A tailoring shop for suits, sherwanis, shirts and trousers, with fabrics on display. Wedding orders are delivered with two fittings.',
  },
  {
    title: 'Little Stars Kidswear',
    in: ['clothing'],
    about:
      'Little Stars sells clothes, school uniforms and shoes for children up to fourteen. Uniforms for most town schools are in stock.',
  },
  {
    title: 'Khadi Gramodyog Bhandar',
    in: ['clothing'],
    about:
      'The Khadi Bhandar sells handspun khadi, village-made soaps, honey and handicrafts. Government discounts apply in October.',
  },
  {
    title: 'Urban Threads',
    in: ['clothing'],
    about:
      'Urban Threads is a fashion store for young men and women with casual and party wear. New arrivals come in every fortnight.',
    status: 'hold',
  },
  {
    title: 'Saraswati Book Depot',
    in: ['stationery'],
    about:
      'Saraswati Book Depot stocks school and college textbooks, reference books and exam guides. Book lists for all major schools are kept ready.',
  },
  {
    title: 'Vidya Stationers & Xerox',
    in: ['stationery'],
    about:
      'Vidya Stationers offers photocopy, colour printing, spiral binding and lamination alongside everyday stationery. Bulk printing for offices is done overnight.',
  },
  {
    title: 'Paper Planet',
    in: ['stationery'],
    about:
      'Paper Planet has notebooks, files, pens and office supplies, plus a corner for greeting cards. Corporate orders get free delivery.',
  },
  {
    title: 'Student Corner',
    in: ['stationery'],
    about:
      'Student Corner sells geometry boxes, calculators, drawing sheets and project material near the colleges. Prices are kept student-friendly.',
  },
  {
    title: 'Art & Craft House',
    in: ['stationery', 'toys-gifts'],
    about:
      'Art & Craft House carries paints, canvases, craft kits and educational toys. Weekend workshops for children are held in the back room.',
  },
  {
    title: 'Comfort Furniture Mall',
    in: ['furniture'],
    about:
      'Comfort Furniture Mall has three floors of sofas, beds, dining sets and wardrobes. Free delivery and assembly within Devgarh.',
  },
  {
    title: 'Shree Ram Steel Furniture',
    in: ['furniture'],
    about:
      'Shree Ram makes steel almirahs, racks, beds and school furniture in its own factory. Custom sizes can be ordered.',
  },
  {
    title: 'Dreamrest Mattress Gallery',
    in: ['furniture'],
    about:
      'Dreamrest stocks spring, foam and coir mattresses, pillows and bed linen. Customers can try mattresses in-store before buying.',
  },
  {
    title: 'Heritage Cane Furniture',
    in: ['furniture'],
    about:
      'Heritage Cane Furniture sells handmade cane and bamboo chairs, swings and baskets. Old cane furniture is re-woven at the workshop.',
  },
  {
    title: 'Office Point Furniture',
    in: ['furniture'],
    about:
      'Office Point supplies ergonomic chairs, workstations and storage for offices, clinics and schools. A free layout plan comes with bulk orders.',
    status: 'pending',
  },
  {
    title: 'Khilona Ghar Toys & Gifts',
    in: ['toys-gifts'],
    about:
      'Khilona Ghar has toys, board games and gift items for all ages, with free gift wrapping. Birthday return gifts are a speciality.',
  },
];

// ── News ────────────────────────────────────────────────────────────────────────────────────────

export interface ArticleDef {
  title: string;
  /** Key of its edition (news) or publishing page (features). */
  in: string;
  /** One or two plain sentences. */
  summary: string;
  /** The opening paragraph of the content; the rest comes from the pools. */
  lead: string;
  status?: 'pending' | 'hold';
  heldOwner?: true;
  youtube?: string;
  /** A Hindi article: its full paragraphs (pools are English, so they are not used). */
  hindi?: string[];
  /** A romanised slug, for titles the slugger cannot transliterate (Devanagari). */
  slug?: string;
}

export const NEWS: ArticleDef[] = [
  // City
  {
    in: 'city',
    title: 'Ghat Road to get new LED streetlights by month-end',
    summary:
      'The municipal council has begun replacing 240 old sodium lamps along Ghat Road with energy-saving LED fittings.',
    lead: 'Work crews started at the Narmada Vihar end on Monday and expect to cover the full 3.2 km stretch to the old bridge within three weeks. The council estimates that the new lights will cut the road’s electricity bill by nearly half.',
  },
  {
    in: 'city',
    title: 'Water supply timings revised for Old City wards',
    summary: 'Households in the Old City will receive piped water from 5:30 am to 7:30 am during the summer months.',
    lead: 'The water works department said the change was needed to refill the Kotwali overhead tank, which has been running below capacity since April. Tanker requests can be made through the ward office.',
  },
  {
    in: 'city',
    title: 'Sadar Bazaar parking to move to multi-level lot',
    summary:
      'Cars and two-wheelers will no longer be allowed to park along Sadar Bazaar’s main lane from the first of next month.',
    lead: 'The new four-level parking near the old cinema hall has space for 300 cars and 600 two-wheelers. The first hour will be free to encourage shoppers to use it.',
  },
  {
    in: 'city',
    title: 'Nehru Park reopens with walking track and open-air gym',
    summary: 'Nehru Park in Civil Lines reopened on Sunday after an eight-month renovation.',
    lead: 'The park now has a resurfaced 1.1 km walking track, a children’s play area and outdoor gym equipment. Morning walkers were the first to try the new track when the gates opened at 5 am.',
  },
  {
    in: 'city',
    title: 'Station Road flyover: traffic diversions from Monday',
    summary:
      'Heavy vehicles will be diverted via Transport Nagar while girder work on the Station Road flyover is carried out.',
    lead: 'The railway overbridge, first proposed in 2019, is now 70 per cent complete. Buses to the railway station will use the Loco Shed Colony road for about six weeks.',
  },
  {
    in: 'city',
    title: 'Door-to-door waste segregation begins in Gandhi Nagar',
    summary:
      'Sanitation workers will collect wet and dry waste separately from every house in Gandhi Nagar from this week.',
    lead: 'Each household will receive two bins from the council free of charge. Housing societies that compost their wet waste on site will get a rebate on property tax.',
  },
  {
    in: 'city',
    title: 'Dengue awareness drive at Shivaji Nagar',
    summary:
      'Health workers visited over 400 homes in Shivaji Nagar to check for stagnant water and mosquito breeding.',
    lead: 'The drive, organised by the district health office, also offered free blood tests for residents with fever. Officials urged people to empty coolers and flower pots at least once a week.',
  },
  {
    in: 'city',
    title: 'New bus route links Ashok Vihar with District Hospital',
    summary:
      'City bus route 14 now runs every 20 minutes between Ashok Vihar and the District Hospital via Collectorate Road.',
    lead: 'The route was introduced after residents of the industrial area complained about expensive auto fares. Senior citizens travel free with an identity card.',
  },
  {
    in: 'city',
    title: 'Collectorate opens single-window desk for certificates',
    summary:
      'Residents can now apply for income, caste and domicile certificates at a single counter at the Collectorate.',
    lead: 'The desk is open from 10 am to 5 pm on working days, and applicants receive an SMS when their certificate is ready. Officials said most certificates would be issued within seven days.',
  },
  {
    in: 'city',
    title: 'Ketki riverfront clean-up draws 600 volunteers',
    summary:
      'Students, shopkeepers and retired residents cleared nearly four tonnes of plastic from the Ketki riverbank on Sunday.',
    lead: 'The drive, coordinated by a group of Riverside residents, began at dawn at the Ghat Road steps. The council has promised fencing and dustbins along the stretch.',
  },
  {
    in: 'city',
    title: 'Planned power cuts in Loco Shed Colony for maintenance',
    summary:
      'Electricity supply will be interrupted from 10 am to 2 pm on Thursday and Friday for transformer maintenance.',
    lead: 'The power department said the upgrade would reduce the frequent tripping residents have faced this summer. Hospitals and water pumps in the area are on a separate feeder and will not be affected.',
  },
  {
    in: 'city',
    title: 'Jain Mandir Gali gets heritage signboards',
    summary:
      'Stone-engraved signboards describing the history of old havelis have been installed along Jain Mandir Gali.',
    lead: 'The signs were designed with help from the town’s heritage society and local historians. A QR code on each sign links to a short audio description.',
  },
  {
    in: 'city',
    title: 'Free Wi-Fi goes live at five public spots',
    summary:
      'Commuters and students can now use free Wi-Fi at the bus stand, railway station, Nehru Park, the district library and Sadar Bazaar.',
    lead: 'Users log in with a mobile OTP and get one hour of free browsing a day. The service is part of the council’s digital town plan.',
  },
  {
    in: 'city',
    title: 'Stray cattle cleared from Transport Nagar highway stretch',
    summary: 'The council’s cattle squad moved 45 stray animals from the highway stretch to the gaushala on Ghat Road.',
    lead: 'Truck drivers had complained of near-misses at night on the two-kilometre stretch. Owners who let cattle roam will now be fined.',
    heldOwner: true,
  },
  {
    in: 'city',
    title: 'Subhash Nagar parents ask for speed breakers near school',
    summary:
      'Parents in Subhash Nagar have asked the council for speed breakers and a zebra crossing outside the government school.',
    lead: 'A petition signed by over 300 residents was handed to the ward councillor on Friday. The traffic police have agreed to post a constable during school hours for now.',
    status: 'pending',
  },
  {
    in: 'city',
    title: 'District library extends hours for exam season',
    summary: 'The Devgarh District Library will stay open until 10 pm on weekdays until the end of the board exams.',
    lead: 'Its 120-seat reading hall has been full every evening since the exam dates were announced. Extra fans and drinking water have been arranged.',
  },
  {
    in: 'city',
    title: 'Drains to be desilted before the monsoon',
    summary:
      'The council has started desilting the main storm-water drains in Riverside and the Old City ahead of the monsoon.',
    lead: 'Last year, low-lying parts of Ghat Road were waterlogged for three days. Officials said all major drains would be cleaned by the first week of June.',
  },
  {
    in: 'city',
    title: 'सदर बाज़ार में हर रविवार लगेगा साप्ताहिक हाट',
    slug: 'sadar-bazaar-mein-har-ravivar-saptahik-haat',
    summary: 'नगर परिषद ने सदर बाज़ार में हर रविवार साप्ताहिक हाट लगाने की अनुमति दे दी है।',
    lead: '',
    hindi: [
      'हाट सुबह आठ बजे से रात आठ बजे तक लगेगा। आसपास के गाँवों के किसान यहाँ सीधे अपनी सब्ज़ियाँ, फल और अनाज बेच सकेंगे।',
      'परिषद के अनुसार हाट के लिए सौ से अधिक दुकानों की जगह चिह्नित की गई है। छोटे दुकानदारों से कोई शुल्क नहीं लिया जाएगा।',
      'स्थानीय व्यापारियों ने इस फ़ैसले का स्वागत किया है। उनका कहना है कि इससे बाज़ार में रौनक बढ़ेगी और ग्राहकों को ताज़ा सामान मिलेगा।',
    ],
  },
  {
    in: 'city',
    title: 'स्टेशन रोड से ट्रांसपोर्ट नगर तक नई सिटी बस सेवा शुरू',
    slug: 'station-road-se-transport-nagar-nayi-city-bus-seva',
    summary: 'स्टेशन रोड से ट्रांसपोर्ट नगर तक चलने वाली नई सिटी बस सेवा का शुभारंभ सोमवार को हुआ।',
    lead: '',
    hindi: [
      'बसें हर पंद्रह मिनट पर चलेंगी और किराया दस रुपये से शुरू होगा।',
      'वरिष्ठ नागरिकों और विद्यार्थियों को किराये में पचास प्रतिशत की छूट मिलेगी। मासिक पास परिवहन कार्यालय से बनवाया जा सकता है।',
      'परिवहन विभाग ने बताया कि अगले महीने दो और मार्गों पर बसें चलाई जाएँगी।',
    ],
  },
  // Sports
  {
    in: 'sports',
    title: 'Devgarh Strikers win district T20 cricket title',
    summary: 'Devgarh Strikers beat Riverside Royals by 18 runs in the final of the District T20 Championship.',
    lead: 'Opener Aman Tiwari top-scored with 64 off 41 balls, and left-arm spinner Faizan Ali took three wickets in the last five overs. It is the club’s first title in nine years.',
  },
  {
    in: 'sports',
    title: 'Shivaji Nagar girls’ kabaddi team heads to state meet',
    summary:
      'The under-17 girls’ kabaddi team of Shivaji Nagar Government School has qualified for the state championship.',
    lead: 'The team won all five of its zonal matches, including a tense final against the defending champions. Raiders Pooja Yadav and Sana Sheikh scored more than half the team’s points.',
  },
  {
    in: 'sports',
    title: 'Devgarh Half Marathon on Sunday: routes and timings',
    summary:
      'Over 2,500 runners have registered for the half marathon, the 10 km run and the 5 km fun run starting at Nehru Park.',
    lead: 'The half marathon is flagged off at 5:30 am, followed by the 10 km at 6 am and the fun run at 6:30 am. Roads around Civil Lines will be closed until 9 am.',
    youtube: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  },
  {
    in: 'sports',
    title: 'District stadium gets a synthetic athletics track',
    summary: 'A 400-metre synthetic track was inaugurated at the Devgarh District Stadium on Saturday.',
    lead: 'Athletes had trained on a mud track until now, which made training in the rains impossible. The stadium will be open to the public from 5 am to 8 am.',
  },
  {
    in: 'sports',
    title: 'Eleven-year-old wins national under-12 rapid chess title',
    summary:
      'Ishaan Deshpande of Gandhi Nagar won the national under-12 rapid chess championship with 8.5 points from nine games.',
    lead: 'Ishaan learnt chess from his grandfather and now trains online with a coach in Pune. He will represent India at the Asian youth championship later this year.',
  },
  {
    in: 'sports',
    title: 'Devgarh Football League returns with 12 teams',
    summary: 'The Devgarh Football League is back after a three-year gap, with 12 teams from across the town.',
    lead: 'Matches will be played every weekend at the Railway Ground and the MIDC sports complex. The final is scheduled for the last Sunday of next month.',
  },
  {
    in: 'sports',
    title: 'Wrestling dangal on the Ketki banks draws big crowds',
    summary: 'Wrestlers from four districts competed at the traditional akhada dangal held on Ghat Road.',
    lead: 'The top prize, a silver mace and ₹51,000, went to local wrestler Bhim Singh. The organisers hope to open a training akhada for girls next year.',
  },
  {
    in: 'sports',
    title: 'Indoor badminton academy opens on Collectorate Road',
    summary: 'A six-court indoor badminton academy with wooden flooring has opened near the Collectorate.',
    lead: 'Coaching is offered in morning and evening batches for children aged eight and above. The academy will also host the district ranking tournament in December.',
  },
  {
    in: 'sports',
    title: 'A thousand join sunrise yoga on the ghats',
    summary: 'Around a thousand residents took part in a mass yoga session on the Ghat Road steps at sunrise.',
    lead: 'The session, led by instructors from the district AYUSH office, lasted an hour. Water and fruit were handed out afterwards.',
  },
  {
    in: 'sports',
    title: 'Loco Shed hockey club wins its first trophy since 1998',
    summary: 'The Loco Shed Hockey Club won the inter-district hockey tournament on Sunday.',
    lead: 'The club, founded by railway workers in the 1950s, once supplied players to state teams. Its new coach, a former national player, has trained a young squad for two years.',
  },
  {
    in: 'sports',
    title: 'Summer swimming camps at MIDC sports complex',
    summary: 'The municipal swimming pool will run two-week learn-to-swim camps for children from next month.',
    lead: 'Each batch will have trained lifeguards and at most 20 learners. Registration opens at the complex office on Monday.',
  },
  {
    in: 'sports',
    title: 'Civil Lines school tops inter-school athletics meet',
    summary: 'St. Anne’s School in Civil Lines won 14 gold medals at the inter-school athletics meet.',
    lead: 'The three-day meet saw over 900 students from 40 schools compete. A new district record was set in the girls’ 800 metres.',
  },
  {
    in: 'sports',
    title: 'Cyclists ride 60 km for the district blood bank',
    summary: 'Members of the Devgarh Cyclists rode 60 km on Sunday and raised ₹1.2 lakh for the district blood bank.',
    lead: 'The ride started at Nehru Park and looped through three nearby villages. The club meets every Sunday at 6 am and welcomes beginners.',
  },
  {
    in: 'sports',
    title: 'Veteran umpire honoured for 40 years in local cricket',
    summary:
      'The District Cricket Association honoured 68-year-old umpire Gopal Krishna Pande for four decades of service.',
    lead: 'Pande has officiated in more than 1,500 matches, from school games to first-class warm-ups. He says he will keep going as long as his eyesight allows.',
    status: 'hold',
  },
  {
    in: 'sports',
    title: 'देवगढ़ की बेटियों ने जीती राज्य स्तरीय खो-खो प्रतियोगिता',
    slug: 'devgarh-ki-betiyon-ne-jeeti-kho-kho-pratiyogita',
    summary: 'शिवाजी नगर की बालिका टीम ने राज्य स्तरीय खो-खो प्रतियोगिता में स्वर्ण पदक जीता।',
    lead: '',
    hindi: [
      'फ़ाइनल मुक़ाबले में टीम ने राजधानी की टीम को एक अंक से हराया। पूरे मैच में दर्शकों ने खिलाड़ियों का जोश बढ़ाया।',
      'टीम की कप्तान ने जीत का श्रेय अपने कोच और अभिभावकों को दिया, जिन्होंने रोज़ सुबह अभ्यास में साथ दिया।',
      'ज़िला खेल अधिकारी ने खिलाड़ियों को सम्मानित करने की घोषणा की है।',
    ],
  },
  // Business
  {
    in: 'business',
    title: 'Devgarh Traders’ Association elects new president',
    summary:
      'Cloth merchant Suresh Agarwal has been elected president of the Devgarh Traders’ Association for a two-year term.',
    lead: 'Agarwal said his priorities were better parking, clean toilets in the market and a faster GST helpdesk for small traders. The association has over 1,800 members.',
  },
  {
    in: 'business',
    title: 'MIDC units report more orders as festive season nears',
    summary: 'Small manufacturers in the MIDC Industrial Area say orders are up 20 per cent on last year.',
    lead: 'Units making steel utensils, packaging and moulded plastic goods are running extra shifts. Industry representatives said a shortage of skilled workers was the main challenge.',
  },
  {
    in: 'business',
    title: 'New cold storage to help the region’s vegetable farmers',
    summary: 'A 5,000-tonne cold storage facility has opened near Transport Nagar.',
    lead: 'Farmers can store potatoes, onions and fruit at subsidised rates for up to six months. The facility is run by a farmers’ producer company with over 2,000 members.',
  },
  {
    in: 'business',
    title: 'Sunday organic market finds loyal customers',
    summary: 'The Sunday organic market on Collectorate Road now draws more than 1,000 shoppers a week.',
    lead: 'Farmers from nearby villages sell pesticide-free vegetables, millets, jaggery and cold-pressed oils. The market started two years ago with just eight stalls.',
  },
  {
    in: 'business',
    title: 'Bank opens women-run branch in Gandhi Nagar',
    summary: 'A public sector bank has opened a branch staffed entirely by women in Gandhi Nagar.',
    lead: 'The branch will focus on savings, small business loans and self-help group accounts. Its manager said nearly 300 accounts were opened in the first week.',
  },
  {
    in: 'business',
    title: 'Old City handloom weavers go online',
    summary: 'Forty weaver families from the Old City can now sell sarees and dupattas through an online marketplace.',
    lead: 'The district industries centre helped the weavers photograph their products and set up digital payments. The first orders have come from Bengaluru and Mumbai.',
  },
  {
    in: 'business',
    title: 'Gold prices steady ahead of the wedding season',
    summary: 'Jewellers in Sadar Bazaar say customers are booking orders early as gold prices hold steady.',
    lead: 'Lightweight jewellery and coins are in demand, according to traders. Several shops are offering lower making charges to attract buyers.',
  },
  {
    in: 'business',
    title: 'Ashok Vihar startup builds an app for local deliveries',
    summary:
      'Two engineering graduates from Ashok Vihar have launched an app that delivers from neighbourhood shops within an hour.',
    lead: 'The app lists more than 150 kirana stores, pharmacies and bakeries. The founders say they want local shops to compete with large online platforms.',
  },
  {
    in: 'business',
    title: 'Onion arrivals double at Devgarh mandi, prices ease',
    summary:
      'Onion arrivals at the Devgarh agricultural market doubled this week, bringing wholesale prices down by ₹6 a kilo.',
    lead: 'Traders said the new crop from nearby districts had reached the market earlier than expected. Retail prices are expected to fall by next week.',
  },
  {
    in: 'business',
    title: 'Lower fixed electricity charge for small shops',
    summary: 'Shops using less than 100 units a month will pay a lower fixed charge under the state’s revised tariff.',
    lead: 'The traders’ association welcomed the move, which will benefit an estimated 4,000 small shops in the town. The new rates apply from next month’s bill.',
    heldOwner: true,
  },
  {
    in: 'business',
    title: 'Job fair at ITI Devgarh offers 800 positions',
    summary: 'Thirty companies took part in a job fair at the Industrial Training Institute.',
    lead: 'Openings ranged from electricians and welders to sales and data entry. Around 1,500 young people attended, and 320 received offer letters on the spot.',
  },
  {
    in: 'business',
    title: 'Sweet shops gear up for Diwali orders',
    summary: 'Devgarh’s sweet shops have started taking bulk orders for Diwali gift boxes.',
    lead: 'Dry-fruit sweets and sugar-free options are popular this year, shop owners said. Several shops have added online ordering and home delivery.',
  },
  {
    in: 'business',
    title: 'Transport Nagar truckers protest toll hike',
    summary:
      'Truck operators in Transport Nagar held a two-hour protest against higher toll charges on the state highway.',
    lead: 'The operators said the increase would add to freight costs for local businesses. Officials have agreed to meet their representatives next week.',
    status: 'pending',
  },
  {
    in: 'business',
    title: 'Co-operative dairy raises milk procurement price',
    summary: 'The Devgarh co-operative dairy will pay farmers ₹2 more per litre of milk from the first of the month.',
    lead: 'The dairy collects about 60,000 litres a day from 140 village societies. Retail milk prices will not change for now, the dairy said.',
  },
  {
    in: 'business',
    title: 'Street vendors get QR codes and small loans',
    summary: 'Over 600 street vendors in Devgarh have received QR codes and small working-capital loans.',
    lead: 'The council held camps in Sadar Bazaar and on Station Road to help vendors open bank accounts. Vendors who repay on time become eligible for larger loans.',
  },
  // Culture
  {
    in: 'culture',
    title: 'Basant Utsav brings music and kites to Nehru Park',
    summary: 'The two-day Basant Utsav filled Nehru Park with folk music, kite flying and food stalls.',
    lead: 'More than 8,000 people visited over the weekend. The highlight was a kite-flying contest with participants aged from seven to seventy.',
    youtube: 'https://www.youtube.com/watch?v=YE7VzlLtp-4',
  },
  {
    in: 'culture',
    title: 'Kotwali Chowk Ramlila enters its 110th year',
    summary: 'Devgarh’s oldest Ramlila, staged at Kotwali Chowk, begins its 110th season next week.',
    lead: 'The cast of 60 amateur actors includes shopkeepers, students and retired teachers. Rehearsals have been going on every night for a month.',
  },
  {
    in: 'culture',
    title: 'Old City havelis open for a heritage walk weekend',
    summary: 'Six privately owned havelis in the Old City will open their doors to visitors this weekend.',
    lead: 'The walk, organised by the Devgarh Heritage Society, covers frescoes, carved wooden doors and a stepwell. Groups of 25 leave every hour from Jain Mandir Gali.',
  },
  {
    in: 'culture',
    title: 'Library hosts monthly Hindi poetry evening',
    summary: 'Poets from Devgarh and nearby towns read at the district library’s monthly kavi sammelan.',
    lead: 'The evening featured veteran poets alongside first-time readers from local colleges. The library plans to publish an anthology of the best poems.',
  },
  {
    in: 'culture',
    title: 'Young troupe revives nautanki with a play on water',
    summary: 'A young theatre group has revived the nautanki form with a new play on water conservation.',
    lead: 'The play combines traditional songs with a story set in a drought-hit village. It will be staged in ten villages over the next month.',
  },
  {
    in: 'culture',
    title: 'Community iftar on Station Road brings neighbours together',
    summary: 'Residents of all faiths joined a community iftar hosted by the Station Road market committee.',
    lead: 'Volunteers served over 1,500 people at long tables set up along the road. Organisers said the evening had become a symbol of the town’s harmony.',
  },
  {
    in: 'culture',
    title: 'Film society screens classics every Friday',
    summary:
      'The Devgarh Film Society has begun free screenings of classic Indian films every Friday at the town hall.',
    lead: 'The first screening, a black-and-white classic from the 1950s, drew a full house. Each film is followed by a short discussion.',
  },
  {
    in: 'culture',
    title: 'Riverside potters teach children the wheel',
    summary: 'Potters from Riverside taught the basics of wheel-throwing to children at a weekend workshop.',
    lead: 'The potters’ families have worked by the river for generations. The workshop aims to interest young people in the craft.',
  },
  {
    in: 'culture',
    title: 'Ganesh pandals go eco-friendly',
    summary: 'Most Ganesh pandals in Devgarh have switched to clay idols and natural colours this year.',
    lead: 'The council has set up artificial immersion tanks at six places to keep the Ketki clean. Pandals that follow the green rules will be awarded prizes.',
  },
  {
    in: 'culture',
    title: 'Women painters exhibit at the town hall',
    summary: 'An exhibition of 80 paintings by women artists of the region opened at the town hall.',
    lead: 'Works range from traditional Mandana and Madhubani to modern landscapes. Part of the sales will go to a scholarship fund for girls.',
  },
  {
    in: 'culture',
    title: 'Sangeet Samaroh returns to Civil Lines',
    summary: 'The three-day Devgarh Sangeet Samaroh returns with vocal, sitar and sarod recitals.',
    lead: 'The festival, started in 1978 by a local music teacher, features both established artists and young talent. Passes are free but must be collected in advance.',
  },
  {
    in: 'culture',
    title: 'Christmas fair and carols at St. Anne’s church',
    summary: 'St. Anne’s church in Civil Lines held its annual Christmas fair with carols, games and a bake sale.',
    lead: 'Proceeds go to the church’s school for children with special needs. The carol singers also visited the District Hospital wards.',
  },
  {
    in: 'culture',
    title: 'Langar serves thousands on Guru Nanak Jayanti',
    summary: 'The gurdwara in Subhash Nagar served langar to thousands of devotees on Guru Nanak Jayanti.',
    lead: 'Volunteers began cooking at 3 am, and the langar continued through the day. A procession with kirtan passed along Station Road in the evening.',
  },
  {
    in: 'culture',
    title: 'Book fair at MIDC ground features 60 publishers',
    summary: 'The nine-day Devgarh Book Fair has 60 publishers, storytelling for children and author talks.',
    lead: 'Books in Hindi, English and Marathi are on sale with discounts of up to 30 per cent. School groups can visit free on weekday mornings.',
  },
  {
    in: 'culture',
    title: 'Storytelling circle brings grandparents and children together',
    summary: 'A weekly storytelling circle at Nehru Park pairs grandparents with neighbourhood children.',
    lead: 'The sessions began during the summer holidays and have continued on popular demand. Stories are told in Hindi, Bundeli and English.',
    status: 'pending',
  },
];

/** Follow-up paragraphs for news, by edition. */
export const NEWS_POOLS: Record<string, string[]> = {
  city: [
    'Residents of {locality} said the change had been a long time coming. “We raised this at every ward meeting for two years,” said {resident}, who runs a shop near the main chowk.',
    '{official}, speaking for the Devgarh Municipal Council, said the work would be reviewed at the end of the month and that complaints could be registered on the council helpline.',
    'Traffic police have advised commuters from {circle} to allow extra time during peak hours while the work is under way.',
    'The council said the budget had been sanctioned in the last financial year and that the contractor was bound to a strict timeline.',
    'Ward members from {circle} have asked for regular updates to be posted at the ward office so that residents know what to expect.',
    'Shopkeepers in {locality} welcomed the move but asked that the work be finished before the festival season, when footfall is at its highest.',
  ],
  sports: [
    '“They have earned this result,” said coach {official}, whose squad had trained every morning at the district stadium for six weeks.',
    'Spectators from {locality} and nearby colonies filled the stands, and the closing minutes were played to loud cheering.',
    'The Devgarh District Sports Association said it would use the momentum to start a junior league next season.',
    '{resident}, a parent who watched from the stands, said the ground needed better lighting and drinking water for evening games.',
    'Selectors from the state association were present and are expected to name probables for the zonal camp next month.',
    'The organisers thanked local businesses from {circle} for sponsoring kits and refreshments for all the teams.',
  ],
  business: [
    'Traders in {locality} said business had improved steadily since the start of the month, helped by the wedding season.',
    '{official} of the Devgarh Traders’ Association said members would meet next week to discuss parking and waste collection in the market.',
    'Bank officials said small loans under government schemes had seen strong demand from first-time entrepreneurs in {circle}.',
    'Wholesale prices of pulses and edible oil remained stable this week, according to dealers at the grain market.',
    '{resident}, who runs a family business in {locality}, said digital payments now make up more than half of daily sales.',
    'The district industries centre has invited applications for its next entrepreneurship training batch, which begins on the first Monday of next month.',
  ],
  culture: [
    'The evening began with the lighting of the lamp and a welcome song by students of the Devgarh Music Academy.',
    '{resident}, who has attended for over a decade, said this year’s crowd was the largest in memory.',
    'Entry was free, and the organisers said families from {circle} and the surrounding villages were especially welcome.',
    'Stalls run by self-help groups from {locality} served local snacks, and a craft corner sold handmade pottery and textiles.',
    '{official} of the Devgarh Sanskriti Manch said the committee hoped to take the programme to schools in the coming months.',
    'Volunteers managed the crowd and kept seats near the stage for elderly visitors.',
  ],
};

export const NEWS_CLOSINGS = [
  'Readers with more information on this story can write to the Chaupal Devgarh newsroom through the contact page.',
  'Chaupal Devgarh will carry updates as they come in.',
  'Residents of {circle} can share photographs and tips with our reporters through the contact form.',
];

// ── Features ────────────────────────────────────────────────────────────────────────────────────

export const FEATURES: ArticleDef[] = [
  // Food & Heritage
  {
    in: 'food-heritage',
    title: 'The kachori lanes of Sadar Bazaar',
    summary: 'A morning walk through the shops that have fried Devgarh’s favourite breakfast for three generations.',
    lead: 'By 7 am the lane behind the cloth market smells of hing and hot oil. Four shops, all within shouting distance of each other, sell more than 3,000 kachoris before noon, each claiming its own secret in the filling of spiced moong dal.',
  },
  {
    in: 'food-heritage',
    title: 'How the havelis of Devgarh were built',
    summary:
      'Lime plaster, carved teak and courtyards that keep the summer out: the craft behind the Old City’s mansions.',
    lead: 'Most of the Old City’s havelis were built between 1860 and 1920 by grain and cloth merchants. Their thick walls of lime and brick, high ceilings and central courtyards kept rooms cool long before fans arrived.',
  },
  {
    in: 'food-heritage',
    title: 'Mawa jalebi, the sweet of Devgarh winters',
    summary: 'Darker, denser and richer than the everyday jalebi, mawa jalebi appears only when the nights turn cold.',
    lead: 'Made with khoya kneaded into the batter, mawa jalebi is fried slowly until it turns almost brown and then soaked in cardamom syrup. Only a handful of halwais in the Old City still make it the traditional way.',
  },
  {
    in: 'food-heritage',
    title: 'Rani Baori: a stepwell brought back to life',
    summary: 'Silted up for decades, the 18th-century stepwell near Kotwali Chowk holds water again.',
    lead: 'Volunteers and masons spent two dry seasons removing silt and garbage from Rani Baori’s eleven levels. The carved brackets on its landings, hidden for years, can now be seen again.',
  },
  {
    in: 'food-heritage',
    title: 'Inside a 90-year-old spice shop',
    summary: 'At a narrow shop in Sadar Bazaar, spices are still roasted and ground to family recipes.',
    lead: 'The shop opened in 1934 with four sacks of chillies and turmeric. Today the founder’s grandson grinds over 40 masala blends, from garam masala to a pickle mix that customers order from abroad.',
  },
  {
    in: 'food-heritage',
    title: 'Monsoon pakoras on the ghats',
    summary: 'When the first rains arrive, the tea stalls on Ghat Road do their best business of the year.',
    lead: 'Onion, potato, spinach and green chilli: the choice is simple, but the queue is long. Families come to watch the river rise and eat pakoras straight from the kadhai.',
  },
  {
    in: 'food-heritage',
    title: 'Millets return to Devgarh kitchens',
    summary: 'Jowar, bajra and ragi, once seen as poor man’s food, are back on the plate.',
    lead: 'Grandmothers remember bajra rotis with white butter on winter mornings. Now young families are buying millets again, helped by organic stalls and a string of new recipes shared on phones.',
  },
  {
    in: 'food-heritage',
    title: 'The last tin-plater of the Old City',
    summary: 'Kalai, the craft of coating brass vessels with tin, survives in one small workshop.',
    lead: 'Once every household sent its brass vessels for kalai before festivals. Today a single craftsman in Jain Mandir Gali keeps the charcoal furnace going, working mostly for restaurants and a few loyal families.',
  },
  {
    in: 'food-heritage',
    title: 'Stone and silence: the temples of Jain Mandir Gali',
    summary: 'Marble inlay, painted ceilings and centuries of devotion in one narrow lane.',
    lead: 'The lane takes its name from three Jain temples, the oldest rebuilt in 1810 on older foundations. Visitors are welcome outside prayer times, provided they leave leather items at the door.',
  },
  {
    in: 'food-heritage',
    title: 'Five home-style thalis worth the trip',
    summary: 'From Marwari to Maharashtrian, the small eateries serving Devgarh’s best unlimited meals.',
    lead: 'None of these places has a signboard you would notice, and most are run by families out of the ground floor of their homes. What they share is food cooked the way it is at home, served until you say stop.',
    status: 'pending',
  },
  {
    in: 'food-heritage',
    title: 'Pickles of summer: a family recipe',
    summary: 'Raw mango, mustard oil and a lot of sunshine: how one family makes a year’s supply of achaar.',
    lead: 'Every May, the terrace of a house in Shivaji Nagar fills with jars. Three generations of women cut, salt and spice forty kilos of raw mango, following a recipe that has never been written down.',
  },
  {
    in: 'food-heritage',
    title: 'The clock tower that keeps the town’s time',
    summary: 'Built in 1911, Kotwali Chowk’s clock tower has been wound by hand every week for over a century.',
    lead: 'The clock’s mechanism came by rail from Bombay, and the tower was paid for by the town’s merchants. The same family has looked after it for four generations, climbing 92 steps every Monday to wind it.',
    status: 'hold',
  },
  // Town People
  {
    in: 'town-people',
    title: 'The postman who knows every lane',
    summary: 'After 32 years on the same beat, Ram Prasad can find any house in the Old City without an address.',
    lead: 'Ram Prasad started delivering letters on a bicycle in 1993. Parcels have replaced letters, but residents still stop him for tea, and he still knows which grandmother is waiting for a money order.',
  },
  {
    in: 'town-people',
    title: 'Meet Devgarh’s youngest chess champion',
    summary: 'At eleven, Ishaan Deshpande is already a national champion. His grandfather taught him the moves.',
    lead: 'Ishaan plays for two hours every evening after school, mostly online, sometimes against his grandfather on a wooden board older than both of them. He wants to become Devgarh’s first grandmaster.',
  },
  {
    in: 'town-people',
    title: 'A teacher who turned her courtyard into a library',
    summary: 'Retired teacher Sushila Kulkarni lends 4,000 books from her home, free of charge.',
    lead: 'It began with the books from her own school days. Now children from Subhash Nagar come every evening to read on mats in the courtyard, and the register of borrowers fills a new notebook every month.',
  },
  {
    in: 'town-people',
    title: 'The boatman of the Ketki',
    summary: 'For forty years, Bhola Nishad has ferried people across the river before the bridge and after it.',
    lead: 'The bridge was supposed to end his trade. Instead, Bhola now takes families on evening rides along the ghats, pointing out temples and telling stories of floods he has seen.',
  },
  {
    in: 'town-people',
    title: 'From mechanic to solar entrepreneur',
    summary: 'How a two-wheeler mechanic from MIDC built a business installing rooftop solar panels.',
    lead: 'Sanjay Pawar learnt wiring by fixing scooters. A government training course on solar installation changed his life: his company now employs 14 people and has fitted panels on over 300 roofs.',
  },
  {
    in: 'town-people',
    title: 'Sisters who run the town’s first women’s taxi service',
    summary: 'Two sisters from Ashok Vihar started a taxi service driven by women for women.',
    lead: 'Rekha and Neelam Chauhan began with one car and a phone number shared in school WhatsApp groups. They now run five cars, and their drivers are booked for hospital visits and late-night railway pickups.',
  },
  {
    in: 'town-people',
    title: 'The retired judge who teaches law for free',
    summary: 'Every Saturday, a retired district judge explains people’s rights in plain language.',
    lead: 'The sessions at the district library cover tenancy, consumer complaints, domestic violence and land records. Nobody pays, and nobody is turned away.',
  },
  {
    in: 'town-people',
    title: 'A doctor who still makes house calls',
    summary: 'At 74, Dr. Gopal Rao visits bedridden patients on his scooter.',
    lead: 'Dr. Rao closed his clinic years ago but kept his patients. Three afternoons a week he visits elderly people who cannot travel, charging what they can afford.',
  },
  {
    in: 'town-people',
    title: 'Keeping the akhada alive',
    summary: 'A former wrestler trains thirty boys and girls in a century-old akhada by the river.',
    lead: 'The day at the akhada starts at 4:30 am with digging and softening the red earth pit. Its guru, Pehlwan Shankar Singh, insists on discipline, milk and respect before any technique.',
  },
  {
    in: 'town-people',
    title: 'The sign painter of Station Road',
    summary: 'In a world of printed flex, Anil Kumar still paints signboards by hand.',
    lead: 'His brushes and enamel paints have lettered half the shops on Station Road. Younger shopkeepers now seek him out for the old-fashioned look.',
    heldOwner: true,
  },
  {
    in: 'town-people',
    title: 'The girl who mapped every tree in her colony',
    summary: 'A class 9 student counted, named and mapped 1,200 trees in Narmada Vihar.',
    lead: 'Aditi Sharma spent her summer holidays with a tape measure and a notebook. Her map, now on the council’s website, is being used to plan new plantations.',
    status: 'pending',
  },
  // Health
  {
    in: 'health',
    title: 'Beating the heat: a summer guide from Devgarh’s doctors',
    summary: 'How to stay safe when the temperature crosses 44°C, and when to see a doctor.',
    lead: 'Heat exhaustion sends dozens of people to the District Hospital every summer, most of them outdoor workers and elderly people living alone. Doctors say most cases can be prevented with simple habits.',
  },
  {
    in: 'health',
    title: 'Dengue season: what every household should do',
    summary: 'Dengue mosquitoes breed in clean, still water inside our homes. A weekly check can stop them.',
    lead: 'The Aedes mosquito that carries dengue bites during the day and breeds in coolers, flower pots, tyres and water tanks. District health officials say most breeding sites they find are inside homes.',
  },
  {
    in: 'health',
    title: 'Why morning walking clubs are good for the heart',
    summary: 'Walking 30 minutes a day, in company, is one of the best things you can do for your heart.',
    lead: 'Nehru Park has at least six informal walking clubs, some of them twenty years old. Doctors say the company matters as much as the exercise, because people who walk together keep walking.',
  },
  {
    in: 'health',
    title: 'Millets and diabetes: what the evidence says',
    summary: 'Millets can help control blood sugar, but only as part of a balanced diet.',
    lead: 'Whole millets release sugar slowly and are rich in fibre. Dietitians caution, however, that portion size and what you eat with them matter as much as the grain itself.',
  },
  {
    in: 'health',
    title: 'Children’s eyesight in the age of screens',
    summary: 'More children in Devgarh need spectacles than ever before. Eye doctors explain why, and what helps.',
    lead: 'School screening camps found that one in six children in Devgarh had uncorrected short sight. Doctors link the rise to long hours on screens and little time outdoors.',
  },
  {
    in: 'health',
    title: 'Free health schemes you may be missing',
    summary: 'Government schemes cover hospital treatment, medicines and check-ups for many families.',
    lead: 'Many families in Devgarh are eligible for free hospital treatment and free medicines but have never used them. Here is what is available and how to apply.',
  },
  {
    in: 'health',
    title: 'Yoga for back pain: five simple poses',
    summary: 'Gentle stretches that help with the aching back of desk work and housework.',
    lead: 'Back pain is one of the most common complaints in every clinic in town. Physiotherapists recommend a short daily routine of gentle poses, done slowly and without strain.',
  },
  {
    in: 'health',
    title: 'Understanding anaemia in young women',
    summary: 'Tiredness, breathlessness and pale skin may be signs of anaemia, which is common and treatable.',
    lead: 'Screening camps in Devgarh found that more than half the young women tested were anaemic. Doctors say iron-rich food, regular check-ups and treatment of the cause can make a big difference.',
  },
  {
    in: 'health',
    title: 'Mental health: where to find support in Devgarh',
    summary: 'Helplines, counsellors and the District Hospital’s mental health clinic: help is closer than you think.',
    lead: 'Asking for help with stress, anxiety or low mood is still difficult for many people. Counsellors in Devgarh say the first conversation is the hardest, and it gets easier after that.',
  },
  {
    in: 'health',
    title: 'Clean drinking water at home',
    summary: 'Filters, boiling and storage: keeping your family’s water safe through the seasons.',
    lead: 'Stomach infections rise sharply every monsoon. Doctors say that safe storage matters as much as purification, since clean water is easily contaminated by a dirty jug or a hand dipped into it.',
  },
  {
    in: 'health',
    title: 'Caring for elderly parents in the monsoon',
    summary: 'Falls, infections and missed medicines: a checklist for families with elderly members.',
    lead: 'Wet floors, damp walls and irregular meals make the rainy season hard on older people. A few changes at home can prevent most of the problems doctors see.',
    status: 'pending',
  },
  // Travel
  {
    in: 'travel',
    title: 'A weekend at Devgarh Fort',
    summary: 'Ramparts, a palace museum and a sunset over the Ketki valley, 12 km from town.',
    lead: 'The fort that gave the town its name sits on a ridge north of the river. A winding road leads to the main gate, and from the highest bastion you can see the whole town and the river beyond.',
  },
  {
    in: 'travel',
    title: 'Sunrise at the Ketki ghats',
    summary: 'Arrive before six to see the river at its most beautiful, and stay for the morning aarti.',
    lead: 'At dawn, the ghats belong to bathers, boatmen and flocks of pigeons. The light turns the water gold for a few minutes, and then the bells of the riverside temples begin.',
  },
  {
    in: 'travel',
    title: 'Five day trips within 100 km of Devgarh',
    summary: 'A waterfall, a wildlife sanctuary, a potters’ village, a temple town and a lake, all back by dinner.',
    lead: 'You do not need a long holiday to see something new. Each of these trips can be done in a day by car or bus, with time for lunch and a slow drive home.',
  },
  {
    in: 'travel',
    title: 'Birdwatching at Sagar Lake wetland',
    summary: 'Winter brings bar-headed geese, pintails and painted storks to a lake 25 km from town.',
    lead: 'From November to February, Sagar Lake hosts thousands of migratory birds. The forest department has built a watchtower and a 2 km walking trail along the eastern shore.',
  },
  {
    in: 'travel',
    title: 'Walking the old railway line at Loco Shed Colony',
    summary: 'Steam-era sheds, colonial bungalows and a water tower: a walk through railway history.',
    lead: 'Loco Shed Colony was built in the 1890s for the men who ran the steam engines. The old sheds now stand quiet, but the bungalows, the institute and the water tower still tell the story.',
  },
  {
    in: 'travel',
    title: 'Waterfalls to visit after the first rains',
    summary: 'Three waterfalls near Devgarh come alive in July and August. Here is how to visit safely.',
    lead: 'After a week of steady rain, streams in the hills south of town turn into falls. They are at their best for only a few weeks, and they can be dangerous if you go too close.',
  },
  {
    in: 'travel',
    title: 'A food traveller’s guide to the highway dhabas',
    summary: 'Dal, rotis from the tandoor and glasses of lassi: the best stops on the state highway.',
    lead: 'The dhabas along the highway feed truckers through the night, and that is why the food is good: it has to be filling, fresh and cheap. These are the ones our writers keep going back to.',
  },
  {
    in: 'travel',
    title: 'Village homestays near Devgarh',
    summary: 'Sleep in a mud house, eat from the farm and learn to milk a cow.',
    lead: 'A handful of families in villages near Devgarh now host visitors. Rooms are simple and clean, meals are cooked on a chulha, and children love the animals.',
  },
  {
    in: 'travel',
    title: 'Temple towns on a single bus route',
    summary: 'One state bus, three temple towns and a day of stone carvings and prasad.',
    lead: 'The early bus from the Devgarh stand stops at three towns known for their temples. With a day pass you can hop off at each, see the main shrine and still be home by evening.',
    heldOwner: true,
  },
  {
    in: 'travel',
    title: 'Cycling the riverside trail',
    summary: 'An easy 18 km loop along the Ketki, suitable for families.',
    lead: 'The riverside trail starts at the Ghat Road steps and follows the embankment upstream to the weir, then returns through mango orchards. The path is flat and mostly paved.',
    youtube: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  },
];

/** Extra paragraphs for features, by publishing page. */
export const FEATURE_POOLS: Record<string, string[]> = {
  'food-heritage': [
    'Regulars say the secret lies in patience: spices roasted slowly, dough rested overnight and oil changed every morning. Many of these recipes have never been written down.',
    'Prices remain modest, and the crowd is a mix of students, office-goers and families from {circle} out for a weekend treat.',
    'Historians point out that the Old City grew around its markets, and food was always part of that story, feeding traders who came from distant towns.',
    'For younger residents of {locality}, these places are a link to grandparents’ stories of a slower Devgarh, when the market closed for a long afternoon rest.',
    '“People come back because it tastes the same as it did when they were children,” says {resident}, whose family has been a customer for decades.',
  ],
  'town-people': [
    'Neighbours in {locality} speak of a person who never seems to be in a hurry, yet always gets the work done.',
    '“I never thought anyone would write about this,” comes the reply when we ask about recognition. “It is just what needs doing.”',
    '{resident}, who has known the family for years, says the secret is simple: showing up every day, whatever the weather.',
    'Asked about the future, the answer is practical: find someone younger to carry on, and keep the door open for anyone who wants to learn.',
    'In a town that is changing fast, stories like this remind {circle} of what holds a community together.',
  ],
  health: [
    'Dr. {official}, who practises in {locality}, says most patients come too late. “Early signs are easy to ignore, but early treatment is simpler and cheaper.”',
    'Government health centres in {circle} offer free check-ups on the first Sunday of every month, along with free medicines for common conditions.',
    'Families should keep a simple record of medicines, allergies and past illnesses for every member, especially children and elders.',
    'Doctors also warn against self-medication and antibiotics bought without a prescription, which can do more harm than good.',
    'This article is for general information only. Please consult your doctor for advice about your own health.',
  ],
  travel: [
    'Go early: the light is softer, the roads are empty and the tea stalls are just lighting their stoves.',
    'Carry water, a cap and some cash, as mobile signal and card machines can be patchy outside town.',
    'Buses leave from the Devgarh stand near Station Road; shared jeeps are quicker but fill up by mid-morning.',
    '{resident}, who leads weekend trips for a group from {locality}, suggests going on a weekday if you can, when it is quieter.',
    'Please leave no litter behind. Local volunteers clean these places every season, and every bottle carried back helps.',
  ],
};

/** Headed bullet lists that end some features, by page. */
export const FEATURE_LISTS: Record<string, { heading: string; items: string[] }> = {
  'food-heritage': {
    heading: 'If you go',
    items: [
      'Go before 9 am for the first batch.',
      'Carry some cash; not every stall takes UPI.',
      'Ask for the day’s special.',
      'Park at the multi-level lot and walk in.',
    ],
  },
  'town-people': {
    heading: 'How you can help',
    items: [
      'Volunteer an hour on a weekend.',
      'Donate books, tools or equipment.',
      'Share this story with someone who needs it.',
    ],
  },
  health: {
    heading: 'Quick checklist',
    items: [
      'Drink enough water through the day.',
      'Keep a first-aid kit at home.',
      'Get a yearly check-up after 40.',
      'See a doctor if symptoms last more than three days.',
    ],
  },
  travel: {
    heading: 'Getting there',
    items: [
      'By road: well connected from Devgarh.',
      'Best season: October to March.',
      'Carry water and a light jacket.',
      'Start early to avoid the heat.',
    ],
  },
};

// ── Policies ────────────────────────────────────────────────────────────────────────────────────

export const POLICIES: { type: number; title: string; content: string }[] = [
  {
    type: 1,
    title: 'Privacy Policy',
    content: `<p>Chaupal Devgarh (“we”, “us”) runs a local directory and news website for the town of Devgarh. This policy explains what personal information we collect, why we collect it and how you can control it.</p>
<h3>Information we collect</h3>
<ul>
<li><strong>Account details:</strong> your name, e-mail address and mobile number when you register.</li>
<li><strong>Content you publish:</strong> listings, news, articles, images and documents you submit.</li>
<li><strong>Contact requests:</strong> the message and any file you send through the contact form.</li>
<li><strong>Technical data:</strong> basic logs (IP address, browser type) kept for security.</li>
</ul>
<h3>How we use it</h3>
<ul>
<li>To verify your e-mail and phone with one-time codes and keep your account secure.</li>
<li>To display the listings and articles you choose to publish.</li>
<li>To reply to your questions and complaints.</li>
</ul>
<h3>Sharing</h3>
<p>We do not sell your personal information. The contact numbers and addresses you add to a public listing are, by design, visible to visitors.</p>
<h3>Your choices</h3>
<p>You can edit your profile or delete your listings at any time from your dashboard. To close your account, write to <a href="mailto:support@chaupal-devgarh.example.com">support@chaupal-devgarh.example.com</a>.</p>`,
  },
  {
    type: 1,
    title: 'Refund Policy',
    content: `<p>Listing a business or publishing content on Chaupal Devgarh is currently free. This policy applies to any paid promotion we may offer.</p>
<h3>Eligibility</h3>
<ul>
<li>Requests must be made within 7 days of payment.</li>
<li>A promotion that has not started yet is refunded in full.</li>
<li>A promotion already running is refunded for the unused days.</li>
</ul>
<h3>How to ask for a refund</h3>
<ol>
<li>Write to us from the e-mail address on your account.</li>
<li>Include the payment reference and the reason for the request.</li>
<li>We reply within 3 working days; approved refunds reach the original payment method within 7 working days.</li>
</ol>
<p>Content removed for breaking our Terms &amp; Conditions is not eligible for a refund.</p>`,
  },
  {
    type: 2,
    title: 'Terms & Conditions',
    content: `<p>By using Chaupal Devgarh you agree to these terms. Please read them carefully.</p>
<h3>Your account</h3>
<ul>
<li>You must give a valid e-mail address and Indian mobile number and verify both.</li>
<li>You are responsible for everything published from your account.</li>
<li>Keep your password private; tell us at once if you suspect misuse.</li>
</ul>
<h3>Content you publish</h3>
<ul>
<li>Listings must describe a real business or professional operating in or near Devgarh.</li>
<li>News and articles must be accurate, must not defame anyone and must not copy others’ work.</li>
<li>We may review, hold or remove content that breaks these rules, and hold accounts that repeatedly do so.</li>
</ul>
<h3>Our role</h3>
<p>We are a directory: we do not guarantee the services or products of listed businesses. Please check credentials before you engage anyone.</p>
<h3>Changes</h3>
<p>We may update these terms; the date of the latest version is shown on this page. Continued use after a change means you accept it.</p>
<p><em>Last updated: 1 January 2026.</em></p>`,
  },
  { type: 3, title: 'Copyright', content: '<p>© 2026 Chaupal Devgarh. All rights reserved.</p>' },
];

// ── Home content ────────────────────────────────────────────────────────────────────────────────

export const CONTACT_US = {
  message:
    'Have a question, a news tip or a listing to correct? Write to us and we will get back within one working day.',
  address: 'Chaupal Devgarh, 2nd Floor, Sharda Complex, Collectorate Road, Civil Lines, Devgarh 471001',
  help_Num: '+91 9876501234',
  email: 'hello@chaupal-devgarh.example.com',
  fblink: 'https://www.facebook.com/chaupaldevgarh',
  instagram: 'https://www.instagram.com/chaupaldevgarh',
  twitter: 'https://x.com/chaupaldevgarh',
  linkedin: 'https://www.linkedin.com/company/chaupal-devgarh',
  youtube: 'https://www.youtube.com/@chaupaldevgarh',
  whatsapp_link: 'https://wa.me/919876501234',
  whatsappMessage: 'Namaste! I found Chaupal Devgarh online and have a question.',
  since: '2026',
  developedby: 'Chaupal Open Source',
  developedby_url: 'https://example.com/chaupal',
  managedby: 'Devgarh Citizens’ Forum',
  managedby_url: 'https://example.com/devgarh-citizens-forum',
};

export const KEYWORDS = {
  page_title: 'Chaupal Devgarh — Local directory and news',
  page_Description:
    'Find doctors, lawyers, plumbers, shops and services in Devgarh, and read local news, sports, business and culture stories.',
  page_keywords: 'Devgarh, local directory, local news, doctors, lawyers, shops, services, Chaupal',
};

export const ALERT_TEXT = {
  title: 'Devgarh Half Marathon this Sunday',
  content:
    'Roads around Civil Lines will be closed from 5 am to 9 am on Sunday. Plan your travel and cheer the runners!',
};

export const ABOUT = {
  title: 'About Chaupal Devgarh',
  content: `<p>A chaupal is the raised platform under the village tree where people meet, share news and settle matters together. Chaupal Devgarh brings that idea online for our town: one place to find trusted local services and shops, and to read what is happening in our streets, grounds and markets.</p>
<p>Every listing and article is added by people who live and work in Devgarh, and reviewed before it is published. Doctors, tutors, plumbers and shopkeepers can list themselves for free; residents can share news and stories from their neighbourhood.</p>
<p>We are a small, independent team. If you spot a mistake or want to help, write to us from the contact section below.</p>`,
};

export const BANNERS = [
  {
    title: 'Everything Devgarh, in one place',
    subtitle: 'Doctors, tutors, plumbers and shops near you',
    link: '/services',
  },
  {
    title: 'Local news that matters',
    subtitle: 'City, sports, business and culture from our own reporters',
    link: '/editions',
  },
  { title: 'List your business for free', subtitle: 'Register, verify and add your listing in minutes', link: null },
];
