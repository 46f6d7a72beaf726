import type { SupportedLocale } from "@/lib/i18n/locales";

/**
 * The consent of the version this file is named after, in every language of the menu but English
 * (consent.ts keeps the English text, as signers first read it), each as its lines: the title, then
 * one paragraph a line. Each says what the English says and names the decline button as the signing
 * page does. A change to any text here is a new version (consent.ts), never an edit: recorded hashes
 * are checked against these texts.
 */
export const CONSENT_2026_12_01: Record<Exclude<SupportedLocale, "en-GB">, readonly string[]> = {
  "en-US": [
    "Consent to sign electronically",
    "By signing, you agree that your electronic signature on this document is the legal equivalent of your handwritten signature, and that you receive and sign this document in electronic form.",
    "Your signature is added to the PDF as a digital signature of your own, together with your name, your email address, how you were identified, and the time; the sender keeps a record of these events with your IP address and browser.",
    "You may ask the sender for a paper copy, or decline to sign electronically, at any time before you sign: use Decline, and the sender will be told your reason.",
    "To read and keep the document you need a device that shows PDF files; you can download the signed document once every signer has signed.",
  ],
  de: [
    "Einwilligung in die elektronische Unterzeichnung",
    "Mit Ihrer Unterzeichnung erklären Sie sich damit einverstanden, dass Ihre elektronische Signatur auf diesem Dokument Ihrer handschriftlichen Unterschrift rechtlich gleichsteht und dass Sie dieses Dokument in elektronischer Form erhalten und unterzeichnen.",
    "Ihre Signatur wird dem PDF als Ihre eigene digitale Signatur hinzugefügt, zusammen mit Ihrem Namen, Ihrer E-Mail-Adresse, der Art Ihrer Identifizierung und dem Zeitpunkt; der Absender bewahrt einen Nachweis dieser Vorgänge mit Ihrer IP-Adresse und Ihrem Browser auf.",
    "Sie können den Absender jederzeit vor Ihrer Unterzeichnung um eine Ausfertigung auf Papier bitten oder die elektronische Unterzeichnung ablehnen: Wählen Sie „Unterzeichnung ablehnen“, dann erfährt der Absender Ihre Begründung.",
    "Um das Dokument zu lesen und aufzubewahren, benötigen Sie ein Gerät, das PDF-Dateien anzeigen kann; das unterzeichnete Dokument können Sie herunterladen, sobald alle unterzeichnenden Personen unterzeichnet haben.",
  ],
  fr: [
    "Consentement à la signature électronique",
    "En signant, vous acceptez que votre signature électronique apposée sur ce document ait la même valeur juridique que votre signature manuscrite, et que vous receviez et signiez ce document sous forme électronique.",
    "Votre signature est ajoutée au PDF sous la forme d’une signature numérique qui vous est propre, accompagnée de votre nom, de votre adresse e-mail, du mode d’identification utilisé et de l’heure ; l’expéditeur conserve une trace de ces événements avec votre adresse IP et votre navigateur.",
    "Vous pouvez, à tout moment avant de signer, demander à l’expéditeur un exemplaire papier ou refuser de signer électroniquement : utilisez « Refuser de signer », et l’expéditeur sera informé de votre motif.",
    "Pour lire et conserver le document, vous avez besoin d’un appareil capable d’afficher les fichiers PDF ; vous pourrez télécharger le document signé une fois que tous les signataires l’auront signé.",
  ],
  es: [
    "Consentimiento para firmar electrónicamente",
    "Al firmar, usted acepta que su firma electrónica en este documento tiene la misma validez jurídica que su firma manuscrita, y que recibe y firma este documento en formato electrónico.",
    "Su firma se añade al PDF como una firma digital propia, junto con su nombre, su dirección de correo electrónico, el modo en que se verificó su identidad y la hora; el remitente conserva un registro de estos hechos con su dirección IP y su navegador.",
    "Puede solicitar al remitente una copia en papel, o negarse a firmar electrónicamente, en cualquier momento antes de firmar: utilice «Rechazar la firma» y se comunicará su motivo al remitente.",
    "Para leer y conservar el documento necesita un dispositivo que muestre archivos PDF; podrá descargar el documento firmado una vez que todos los firmantes lo hayan firmado.",
  ],
  it: [
    "Consenso alla firma elettronica",
    "Firmando, lei accetta che la sua firma elettronica su questo documento abbia lo stesso valore legale della sua firma autografa, e di ricevere e firmare questo documento in formato elettronico.",
    "La sua firma viene aggiunta al PDF come firma digitale personale, insieme al suo nome, al suo indirizzo e-mail, alla modalità di identificazione e all’ora; il mittente conserva una registrazione di questi eventi con il suo indirizzo IP e il suo browser.",
    "In qualsiasi momento prima di firmare può chiedere al mittente una copia cartacea oppure rifiutare la firma elettronica: utilizzi «Rifiuta la firma» e il mittente riceverà la sua motivazione.",
    "Per leggere e conservare il documento le occorre un dispositivo in grado di visualizzare file PDF; potrà scaricare il documento firmato quando tutti i firmatari avranno firmato.",
  ],
  nl: [
    "Toestemming voor elektronisch ondertekenen",
    "Door te ondertekenen gaat u ermee akkoord dat uw elektronische handtekening op dit document juridisch gelijkwaardig is aan uw handgeschreven handtekening, en dat u dit document in elektronische vorm ontvangt en ondertekent.",
    "Uw handtekening wordt als uw eigen digitale handtekening aan de PDF toegevoegd, samen met uw naam, uw e-mailadres, de wijze waarop u bent geïdentificeerd en het tijdstip; de afzender bewaart een verslag van deze gebeurtenissen met uw IP-adres en browser.",
    "U kunt de afzender op elk moment voordat u ondertekent om een papieren exemplaar vragen, of weigeren elektronisch te ondertekenen: kies ‘Ondertekening weigeren’, dan krijgt de afzender uw reden te zien.",
    "Om het document te lezen en te bewaren hebt u een apparaat nodig dat PDF-bestanden kan weergeven; u kunt het ondertekende document downloaden zodra alle ondertekenaars hebben ondertekend.",
  ],
  "pt-PT": [
    "Consentimento para assinatura eletrónica",
    "Ao assinar, aceita que a sua assinatura eletrónica neste documento tem o mesmo valor jurídico que a sua assinatura manuscrita, e que recebe e assina este documento em formato eletrónico.",
    "A sua assinatura é acrescentada ao PDF como assinatura digital própria, juntamente com o seu nome, o seu endereço de e-mail, o método de identificação utilizado e a hora; o remetente conserva um registo destes eventos com o seu endereço IP e o seu navegador.",
    "Em qualquer momento antes de assinar, pode pedir ao remetente uma cópia em papel ou recusar a assinatura eletrónica: utilize «Recusar assinar» e o remetente será informado do motivo indicado.",
    "Para ler e guardar o documento, precisa de um dispositivo que apresente ficheiros PDF; poderá transferir o documento assinado quando todos os signatários tiverem assinado.",
  ],
  "pt-BR": [
    "Consentimento para assinatura eletrônica",
    "Ao assinar, você concorda que sua assinatura eletrônica neste documento tem o mesmo valor jurídico que sua assinatura de próprio punho, e que recebe e assina este documento em formato eletrônico.",
    "Sua assinatura é adicionada ao PDF como uma assinatura digital própria, junto com seu nome, seu endereço de e-mail, o método de identificação usado e o horário; o remetente mantém um registro desses eventos com seu endereço IP e seu navegador.",
    "A qualquer momento antes de assinar, você pode pedir ao remetente uma cópia em papel ou recusar a assinatura eletrônica: use “Recusar assinatura”, e o remetente será informado do seu motivo.",
    "Para ler e guardar o documento, você precisa de um dispositivo que exiba arquivos PDF; você poderá baixar o documento assinado quando todos os signatários tiverem assinado.",
  ],
  pl: [
    "Zgoda na podpisanie w formie elektronicznej",
    "Podpisując, wyrażają Państwo zgodę na to, aby Państwa podpis elektroniczny złożony na tym dokumencie był prawnie równoważny z podpisem własnoręcznym, oraz na otrzymanie i podpisanie tego dokumentu w formie elektronicznej.",
    "Podpis zostaje dodany do pliku PDF jako Państwa własny podpis cyfrowy, wraz z imieniem i nazwiskiem, adresem e-mail, sposobem identyfikacji i czasem złożenia; nadawca przechowuje zapis tych zdarzeń wraz z Państwa adresem IP i danymi przeglądarki.",
    "W dowolnym momencie przed podpisaniem mogą Państwo poprosić nadawcę o egzemplarz papierowy lub odmówić podpisania w formie elektronicznej: należy wybrać „Odmów podpisania”, a nadawca zostanie poinformowany o podanym powodzie.",
    "Do odczytania i przechowywania dokumentu potrzebne jest urządzenie wyświetlające pliki PDF; podpisany dokument można pobrać, gdy wszyscy podpisujący złożą podpisy.",
  ],
  cs: [
    "Souhlas s elektronickým podpisem",
    "Podpisem souhlasíte s tím, že váš elektronický podpis na tomto dokumentu je právně rovnocenný vašemu vlastnoručnímu podpisu a že tento dokument přijímáte a podepisujete v elektronické podobě.",
    "Váš podpis se do PDF přidá jako váš vlastní digitální podpis spolu s vaším jménem, e-mailovou adresou, způsobem vaší identifikace a časem; odesílatel uchovává záznam o těchto událostech s vaší IP adresou a údaji o prohlížeči.",
    "Kdykoli před podpisem můžete odesílatele požádat o papírové vyhotovení nebo elektronický podpis odmítnout: použijte „Odmítnout podpis“ a odesílatel se dozví váš důvod.",
    "Ke čtení a uchování dokumentu potřebujete zařízení, které zobrazuje soubory PDF; podepsaný dokument si můžete stáhnout, jakmile podepíší všichni podepisující.",
  ],
  sk: [
    "Súhlas s elektronickým podpisom",
    "Podpisom súhlasíte s tým, že váš elektronický podpis na tomto dokumente je právne rovnocenný vášmu vlastnoručnému podpisu a že tento dokument prijímate a podpisujete v elektronickej podobe.",
    "Váš podpis sa do PDF pridá ako váš vlastný digitálny podpis spolu s vaším menom, e-mailovou adresou, spôsobom vašej identifikácie a časom; odosielateľ uchováva záznam o týchto udalostiach s vašou IP adresou a údajmi o prehliadači.",
    "Kedykoľvek pred podpisom môžete odosielateľa požiadať o papierové vyhotovenie alebo elektronický podpis odmietnuť: použite „Odmietnuť podpis“ a odosielateľ sa dozvie váš dôvod.",
    "Na čítanie a uchovanie dokumentu potrebujete zariadenie, ktoré zobrazuje súbory PDF; podpísaný dokument si môžete stiahnuť, keď podpíšu všetci podpisujúci.",
  ],
  uk: [
    "Згода на електронне підписання",
    "Підписуючи, Ви погоджуєтеся, що Ваш електронний підпис на цьому документі має таку саму юридичну силу, як Ваш власноручний підпис, і що Ви отримуєте та підписуєте цей документ в електронній формі.",
    "Ваш підпис додається до PDF як Ваш власний цифровий підпис разом із Вашим іменем, адресою електронної пошти, способом Вашої ідентифікації та часом; відправник зберігає запис цих подій із Вашою IP-адресою та даними браузера.",
    "Будь-коли до підписання Ви можете попросити відправника надати паперовий примірник або відмовитися від електронного підписання: скористайтеся кнопкою «Відмовитися від підписання», і відправник дізнається Вашу причину.",
    "Щоб прочитати та зберегти документ, Вам потрібен пристрій, що відображає файли PDF; підписаний документ можна буде завантажити, коли всі підписанти його підпишуть.",
  ],
  sv: [
    "Samtycke till att signera elektroniskt",
    "Genom att signera godkänner du att din elektroniska underskrift på det här dokumentet har samma rättsliga verkan som din handskrivna namnteckning, och att du tar emot och signerar dokumentet i elektronisk form.",
    "Din underskrift läggs till i PDF-filen som en egen digital signatur, tillsammans med ditt namn, din e-postadress, hur du identifierades och tidpunkten; avsändaren sparar en logg över dessa händelser med din IP-adress och webbläsare.",
    "Du kan när som helst innan du signerar be avsändaren om en papperskopia eller avböja att signera elektroniskt: välj ”Avböj att signera”, så får avsändaren veta ditt skäl.",
    "För att läsa och spara dokumentet behöver du en enhet som kan visa PDF-filer; du kan ladda ned det signerade dokumentet när alla undertecknare har signerat.",
  ],
  da: [
    "Samtykke til at underskrive elektronisk",
    "Ved at underskrive accepterer du, at din elektroniske signatur på dette dokument har samme retsvirkning som din håndskrevne underskrift, og at du modtager og underskriver dette dokument i elektronisk form.",
    "Din signatur føjes til PDF-filen som din egen digitale signatur sammen med dit navn, din e-mailadresse, hvordan du blev identificeret, og tidspunktet; afsenderen opbevarer en registrering af disse hændelser med din IP-adresse og browser.",
    "Du kan når som helst, før du underskriver, bede afsenderen om en papirkopi eller afvise at underskrive elektronisk: Vælg »Afvis at underskrive«, så får afsenderen din begrundelse at vide.",
    "For at læse og gemme dokumentet skal du bruge en enhed, der kan vise PDF-filer; du kan downloade det underskrevne dokument, når alle underskrivere har underskrevet.",
  ],
  nb: [
    "Samtykke til å signere elektronisk",
    "Ved å signere godtar du at den elektroniske signaturen din på dette dokumentet har samme rettsvirkning som din håndskrevne underskrift, og at du mottar og signerer dette dokumentet i elektronisk form.",
    "Signaturen din legges til i PDF-filen som din egen digitale signatur, sammen med navnet ditt, e-postadressen din, hvordan du ble identifisert, og tidspunktet; avsenderen oppbevarer en logg over disse hendelsene med IP-adressen og nettleseren din.",
    "Du kan når som helst før du signerer, be avsenderen om en papirkopi eller avslå å signere elektronisk: Velg «Avslå å signere», så får avsenderen vite begrunnelsen din.",
    "For å lese og ta vare på dokumentet trenger du en enhet som kan vise PDF-filer; du kan laste ned det signerte dokumentet når alle signatarene har signert.",
  ],
  fi: [
    "Suostumus sähköiseen allekirjoittamiseen",
    "Allekirjoittamalla hyväksyt, että sähköinen allekirjoituksesi tässä asiakirjassa vastaa oikeudellisesti omakätistä allekirjoitustasi ja että vastaanotat ja allekirjoitat tämän asiakirjan sähköisessä muodossa.",
    "Allekirjoituksesi lisätään PDF-tiedostoon omana digitaalisena allekirjoituksenasi yhdessä nimesi, sähköpostiosoitteesi, tunnistamistapasi ja ajankohdan kanssa; lähettäjä säilyttää näistä tapahtumista tallenteen, jossa ovat myös IP-osoitteesi ja selaimesi tiedot.",
    "Voit milloin tahansa ennen allekirjoittamista pyytää lähettäjältä paperikopion tai kieltäytyä allekirjoittamasta sähköisesti: valitse ”Kieltäydy allekirjoittamasta”, niin lähettäjälle kerrotaan perustelusi.",
    "Asiakirjan lukemiseen ja säilyttämiseen tarvitset laitteen, joka näyttää PDF-tiedostoja; voit ladata allekirjoitetun asiakirjan, kun kaikki allekirjoittajat ovat allekirjoittaneet sen.",
  ],
  el: [
    "Συναίνεση για ηλεκτρονική υπογραφή",
    "Υπογράφοντας, αποδέχεστε ότι η ηλεκτρονική σας υπογραφή σε αυτό το έγγραφο έχει την ίδια νομική ισχύ με την ιδιόχειρη υπογραφή σας και ότι λαμβάνετε και υπογράφετε αυτό το έγγραφο σε ηλεκτρονική μορφή.",
    "Η υπογραφή σας προστίθεται στο PDF ως δική σας ψηφιακή υπογραφή, μαζί με το όνομά σας, τη διεύθυνση email σας, τον τρόπο ταυτοποίησής σας και την ώρα· ο αποστολέας τηρεί αρχείο αυτών των συμβάντων με τη διεύθυνση IP και το πρόγραμμα περιήγησής σας.",
    "Οποιαδήποτε στιγμή πριν υπογράψετε, μπορείτε να ζητήσετε από τον αποστολέα αντίγραφο σε χαρτί ή να αρνηθείτε την ηλεκτρονική υπογραφή: επιλέξτε «Άρνηση υπογραφής» και ο αποστολέας θα ενημερωθεί για τον λόγο σας.",
    "Για να διαβάσετε και να διατηρήσετε το έγγραφο, χρειάζεστε μια συσκευή που εμφανίζει αρχεία PDF· μπορείτε να κατεβάσετε το υπογεγραμμένο έγγραφο μόλις υπογράψουν όλοι οι υπογράφοντες.",
  ],
  tr: [
    "Elektronik imza onayı",
    "İmzalayarak, bu belgedeki elektronik imzanızın el yazısı imzanızla hukuken eşdeğer olduğunu ve bu belgeyi elektronik ortamda alıp imzaladığınızı kabul etmiş olursunuz.",
    "İmzanız; adınız, e-posta adresiniz, kimliğinizin nasıl doğrulandığı ve zaman bilgisiyle birlikte, size ait bir dijital imza olarak PDF dosyasına eklenir; gönderen, bu olayların kaydını IP adresiniz ve tarayıcı bilginizle birlikte saklar.",
    "İmzalamadan önce istediğiniz zaman gönderenden basılı bir kopya isteyebilir veya elektronik olarak imzalamayı reddedebilirsiniz: “İmzalamayı reddet” seçeneğini kullanın; gerekçeniz gönderene bildirilir.",
    "Belgeyi okumak ve saklamak için PDF dosyalarını görüntüleyebilen bir cihaza ihtiyacınız vardır; imzalanmış belgeyi, tüm imzalayanlar imzaladıktan sonra indirebilirsiniz.",
  ],
  ar: [
    "الموافقة على التوقيع الإلكتروني",
    "بتوقيعكم، توافقون على أن توقيعكم الإلكتروني على هذا المستند يعادل قانونًا توقيعكم بخط اليد، وعلى أنكم تتسلّمون هذا المستند وتوقّعونه بصيغة إلكترونية.",
    "يُضاف توقيعكم إلى ملف PDF بوصفه توقيعًا رقميًا خاصًا بكم، مع اسمكم وعنوان بريدكم الإلكتروني وطريقة التحقق من هويتكم ووقت التوقيع؛ ويحتفظ المُرسِل بسجل لهذه الأحداث مع عنوان IP الخاص بكم ومتصفحكم.",
    "يمكنكم في أي وقت قبل التوقيع أن تطلبوا من المُرسِل نسخة ورقية، أو أن ترفضوا التوقيع إلكترونيًا: استخدموا «رفض التوقيع»، وسيُبلَّغ المُرسِل بالسبب الذي تذكرونه.",
    "لقراءة المستند والاحتفاظ به، تحتاجون إلى جهاز يعرض ملفات PDF؛ ويمكنكم تنزيل المستند الموقَّع بعد أن يوقّعه جميع الموقِّعين.",
  ],
  he: [
    "הסכמה לחתימה אלקטרונית",
    "החתימה על מסמך זה מהווה הסכמה לכך שהחתימה האלקטרונית עליו שקולה מבחינה משפטית לחתימה בכתב יד, ולכך שהמסמך מתקבל ונחתם בצורה אלקטרונית.",
    "החתימה מתווספת לקובץ ה-PDF כחתימה דיגיטלית אישית, יחד עם השם, כתובת הדוא״ל, אופן הזיהוי והשעה; השולח שומר תיעוד של אירועים אלה, כולל כתובת ה-IP והדפדפן.",
    'בכל עת לפני החתימה ניתן לבקש מהשולח עותק מודפס או לסרב לחתום באופן אלקטרוני: יש לבחור ב"סירוב לחתום", והסיבה שתצוין תימסר לשולח.',
    "לקריאת המסמך ולשמירתו נדרש מכשיר המציג קובצי PDF; ניתן להוריד את המסמך החתום לאחר שכל החותמים חתמו עליו.",
  ],
  ja: [
    "電子署名への同意",
    "署名することにより、本文書への電子署名が手書きの署名と法的に同等であること、および本文書を電子的な形式で受け取り署名することに同意したものとみなされます。",
    "署名は、お名前、メールアドレス、本人確認の方法、日時とともに、ご本人のデジタル署名として PDF に付加されます。送信元は、これらの記録を IP アドレスおよびブラウザーの情報とともに保管します。",
    "署名する前であればいつでも、送信元に紙の書面を請求すること、または電子署名を辞退することができます。「署名を辞退する」を選択すると、ご記入の理由が送信元に通知されます。",
    "文書を閲覧・保存するには、PDF ファイルを表示できる端末が必要です。署名済みの文書は、すべての署名者が署名した後にダウンロードできます。",
  ],
  ko: [
    "전자 서명 동의",
    "서명하시면 이 문서에 대한 전자 서명이 자필 서명과 법적으로 동등한 효력을 가진다는 것과, 이 문서를 전자 형식으로 받고 서명한다는 것에 동의하시는 것입니다.",
    "서명은 성함, 이메일 주소, 본인 확인 방법 및 시각과 함께 본인의 디지털 서명으로 PDF에 추가됩니다. 보낸 곳은 이러한 기록을 IP 주소 및 브라우저 정보와 함께 보관합니다.",
    "서명하시기 전에는 언제든지 보낸 곳에 종이 사본을 요청하시거나 전자 서명을 거부하실 수 있습니다. ‘서명 거부’를 선택하시면 입력하신 사유가 보낸 곳에 전달됩니다.",
    "문서를 읽고 보관하시려면 PDF 파일을 표시할 수 있는 기기가 필요합니다. 서명된 문서는 모든 서명자가 서명한 후에 다운로드하실 수 있습니다.",
  ],
  "zh-Hans": [
    "电子签署同意书",
    "签署即表示您同意：您在本文件上的电子签名与您的手写签名具有同等法律效力，并同意以电子形式接收和签署本文件。",
    "您的签名将作为您本人的数字签名添加到 PDF 中，并附带您的姓名、电子邮件地址、身份验证方式和时间；发件方会保存这些事件的记录，包括您的 IP 地址和浏览器信息。",
    "在签署之前，您可以随时要求发件方提供纸质副本，或拒绝以电子方式签署：请使用“拒绝签署”，您填写的理由将告知发件方。",
    "阅读和保存本文件需要能够显示 PDF 文件的设备；所有签署人签署后，您即可下载已签署的文件。",
  ],
  "zh-Hant": [
    "電子簽署同意書",
    "簽署即表示您同意：您在本文件上的電子簽名與您的親筆簽名具有同等法律效力，並同意以電子形式接收及簽署本文件。",
    "您的簽名將作為您本人的數位簽章加入 PDF，並附上您的姓名、電子郵件地址、身分驗證方式及時間；寄件者會保存這些事件的紀錄，包括您的 IP 位址及瀏覽器資訊。",
    "在簽署之前，您可隨時要求寄件者提供紙本副本，或拒絕以電子方式簽署：請使用「拒絕簽署」，您填寫的理由將告知寄件者。",
    "閱讀及保存本文件需要能顯示 PDF 檔案的裝置；所有簽署人簽署後，您即可下載已簽署的文件。",
  ],
};
