// The demo's vocabulary: Turkish names, places and animals. Plain tables, no logic.

export const MALE_NAMES = [
  'Ahmet', 'Mehmet', 'Mustafa', 'Ali', 'Hüseyin', 'Hasan', 'İbrahim', 'İsmail', 'Osman', 'Yusuf', 'Murat', 'Ömer',
  'Ramazan', 'Halil', 'Süleyman', 'Abdullah', 'Emre', 'Fatih', 'Kemal', 'Recep', 'Burak', 'Serkan', 'Orhan', 'Yasin',
  'Mahmut', 'Erkan', 'Selim', 'Bekir', 'Cemal', 'Kadir',
] as const;

export const FEMALE_NAMES = [
  'Fatma', 'Ayşe', 'Emine', 'Hatice', 'Zeynep', 'Elif', 'Meryem', 'Şerife', 'Sultan', 'Zehra', 'Hülya', 'Esra',
  'Merve', 'Büşra', 'Havva', 'Leyla', 'Gülsüm', 'Rukiye',
] as const;

export const SURNAMES = [
  'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir', 'Arslan', 'Doğan',
  'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek', 'Polat', 'Korkmaz', 'Karataş', 'Erdoğan',
  'Güneş', 'Aksoy', 'Tekin', 'Bulut', 'Keskin', 'Ünal', 'Turan', 'Güler', 'Acar', 'Aktaş', 'Kaplan', 'Avcı',
  'Bozkurt', 'Ateş',
] as const;

/** Cities and districts the customers live in, with the districts' postal codes. */
export const PLACES = [
  { city: 'İstanbul', district: 'Üsküdar', postalCode: '34660' },
  { city: 'İstanbul', district: 'Kadıköy', postalCode: '34710' },
  { city: 'İstanbul', district: 'Ümraniye', postalCode: '34760' },
  { city: 'İstanbul', district: 'Bağcılar', postalCode: '34200' },
  { city: 'Ankara', district: 'Çankaya', postalCode: '06690' },
  { city: 'Ankara', district: 'Keçiören', postalCode: '06280' },
  { city: 'Bursa', district: 'Nilüfer', postalCode: '16110' },
  { city: 'Bursa', district: 'Osmangazi', postalCode: '16040' },
  { city: 'Kocaeli', district: 'İzmit', postalCode: '41100' },
  { city: 'Kocaeli', district: 'Gebze', postalCode: '41400' },
  { city: 'Konya', district: 'Selçuklu', postalCode: '42050' },
] as const;

export const STREETS = [
  'Atatürk Cad.', 'Cumhuriyet Mah. Gül Sok.', 'İstiklal Cad.', 'Fatih Mah. Lale Sok.', 'Yeni Mah. Çınar Sok.',
  'Hürriyet Cad.', 'Bahçelievler Mah. 12. Sok.', 'Mimar Sinan Cad.', 'Yunus Emre Mah. Papatya Sok.', 'Barbaros Bulvarı',
  'Zafer Mah. Menekşe Sok.', 'Gazi Osman Paşa Cad.',
] as const;

export const SUPPLIERS = [
  { title: 'Karacabey Besi Çiftliği Ltd. Şti.', taxOffice: 'Karacabey', city: 'Bursa', district: 'Karacabey', postalCode: '16700', phone: '+90 224 676 12 40', email: 'satis@karacabeybesi.example' },
  { title: 'Anadolu Hayvancılık A.Ş.', taxOffice: 'Selçuk', city: 'Konya', district: 'Selçuklu', postalCode: '42060', phone: '+90 332 251 38 90', email: 'info@anadoluhayvancilik.example' },
  { title: 'Trakya Koyunculuk Ltd. Şti.', taxOffice: 'Çorlu', city: 'Tekirdağ', district: 'Çorlu', postalCode: '59850', phone: '+90 282 654 71 15', email: 'siparis@trakyakoyun.example' },
] as const;

export const STAFF = [
  { title: 'Hasan Kocabaş', note: 'Kesim ekibi ustası.' },
  { title: 'Veli Erdem', note: 'Kasa ve tahsilat.' },
] as const;

export const CATTLE_BREEDS = ['Simental', 'Holstein', 'Angus', 'Montofon', 'Yerli Kara'] as const;
/** Sheep breeds are added to the breed attribute by the demo (the reference seed lists cattle breeds). */
export const SHEEP_BREEDS = ['Kıvırcık', 'Akkaraman', 'Merinos'] as const;

export const ORDER_NOTES = [
  'Vekâlet telefonla alındı.',
  'Her yıl hisse alıyor.',
  'Hisse sahiplerinin isimleri sonradan bildirilecek.',
  'Etin yarısı bağışlanacak.',
  'Kesimde bulunmak istiyor.',
] as const;

export const ACCOUNT_NOTES = [
  'Her yıl kurban hissesi alır.',
  'Aramadan önce mesaj atılmasını istiyor.',
  'Akşam saatlerinde ulaşılabilir.',
] as const;

/** The farm's own line, the number customers call. */
export const FARM_LINE = '+908508401234';
