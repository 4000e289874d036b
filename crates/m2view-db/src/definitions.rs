//! The table definitions m2view embeds, compiled by `cargo xtask dbd
//! PATH-TO-WoWDBDefs` from WoWDBDefs (github.com/wowdev/WoWDBDefs,
//! `definitions/`; © the WoWDBDefs contributors, data under the Creative
//! Commons Attribution-ShareAlike 4.0 licence, CC BY-SA 4.0, and so is
//! this adaptation): of each table, its columns and the definition
//! blocks m2view can read (the 1.12.1, 2.4.3 and 3.3.5 `WDBC` clients'
//! and the DB2 layouts), without comments. Do not edit.

/// `(table, DB2 FileDataID (0: none), definition in .dbd syntax)`.
pub(crate) const EMBEDDED: &[(&str, u32, &str)] = &[
    (
        "AnimationData",
        1375431,
        r#"COLUMNS
int ID
string Name
int Flags
int Fallback
int BehaviorID
int BehaviorTier
int Weaponflags
int Bodyflags
int Field_0_7_0_3694_004

BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 1071E63C
$noninline,id$ID<32>
Fallback<u16>
BehaviorTier<u8>
BehaviorID<32>
Flags<32>[2]

BUILD 3.0.1.8303-3.0.1.8391
BUILD 2.0.0.5610-2.4.3.8606
BUILD 1.0.0.3980-1.12.3.6141
BUILD 0.11.0.3925-0.12.0.3988
$id$ID<32>
Name
Weaponflags<32>
Bodyflags<32>
Field_0_7_0_3694_004<32>
Flags<32>
Fallback<32>

BUILD 4.2.0.14040-4.2.0.14316
BUILD 4.0.0.11792-4.1.0.13875
BUILD 3.0.1.8471-3.3.5.12340
BUILD 4.0.0.11792
$id$ID<32>
Name
Weaponflags<32>
Bodyflags<32>
Flags<32>
Fallback<32>
BehaviorID<32>
BehaviorTier<32>

BUILD 7.3.0.24473-7.3.0.24608
LAYOUT E2DBDDDA
$id$ID<32>
Name
Flags<32>
Fallback<u16>
BehaviorID<u16>
BehaviorTier<u8>

BUILD 7.3.0.24651-7.3.0.24715
LAYOUT E78637DA
$id$ID<32>
Name
Flags<32>
Fallback<u16>
BehaviorID<u16>
BehaviorTier<u8>

BUILD 8.0.1.25902-8.0.1.26231
BUILD 7.3.5.25928-7.3.5.26972
BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24727-7.3.0.25195
BUILD 1.13.0.28211
LAYOUT 03182786
$noninline,id$ID<32>
Flags<32>
Fallback<u16>
BehaviorID<u16>
BehaviorTier<u8>

BUILD 8.0.1.26287-8.0.1.26683
LAYOUT 5C7AF6BE
$noninline,id$ID<32>
Flags<32>[2]
BehaviorID<u16>
Fallback<u16>
BehaviorTier<u8>

BUILD 8.0.1.26707-8.0.1.26766
LAYOUT 9F18371E
$noninline,id$ID<32>
Flags<32>[2]
Fallback<u16>
BehaviorID<u16>
BehaviorTier<u8>

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT FB408E92, 00A3FC97
$noninline,id$ID<32>
Fallback<u16>
BehaviorTier<u8>
BehaviorID<32>
Flags<32>[2]

BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT E4D647E7
$noninline,id$ID<32>
Fallback<u16>
BehaviorTier<u8>
BehaviorID<32>
Flags<32>[2]

BUILD 11.0.0.53687-11.0.0.54361
LAYOUT B64450EB
$noninline,id$ID<32>
Fallback<u16>
BehaviorTier<u8>
BehaviorID<16>
Flags<32>[2]

BUILD 11.2.0.61476-11.2.0.61703
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
BUILD 5.5.0.60481-5.5.0.62959
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
LAYOUT 18A959FC
$noninline,id$ID<32>
Fallback<u16>
BehaviorTier<u8>
BehaviorID<16>
Flags<32>[2]

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61787-11.2.0.63305
BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
BUILD 1.15.8.63829-1.15.8.67156
LAYOUT BBF66A3C
$noninline,id$ID<32>
Fallback<u16>
BehaviorTier<8>
BehaviorID<16>
Flags<32>[2]
"#,
    ),
    (
        "BattlePetVisual",
        801584,
        r#"COLUMNS
string SceneScriptFunction
int ID
int CastMilliSeconds
int Flags
int ImpactMilliSeconds
int RangeTypeEnum
int SceneScriptPackageID
int SpellVisualID

BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
LAYOUT 5EE6A1F2
$noninline,id$ID<32>
SpellVisualID<u32>
SceneScriptFunction
CastMilliSeconds<u16>
ImpactMilliSeconds<u16>
SceneScriptPackageID<u16>
RangeTypeEnum<u8>
Flags<u8>

BUILD 8.0.1.25902-8.0.1.26766
BUILD 7.3.5.25928-7.3.5.26972
BUILD 1.13.0.28211
LAYOUT 097E0F6C, 85199E88
$noninline,id$ID<32>
SceneScriptFunction
SpellVisualID<u32>
CastMilliSeconds<u16>
ImpactMilliSeconds<u16>
SceneScriptPackageID<u16>
RangeTypeEnum<u8>
Flags<u8>

BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT 284AF258, 193D8649
$noninline,id$ID<32>
SceneScriptFunction
SpellVisualID<u32>
CastMilliSeconds<u16>
ImpactMilliSeconds<u16>
RangeTypeEnum<8>
Flags<u8>
SceneScriptPackageID<u16>

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
LAYOUT 396EBE73
$noninline,id$ID<32>
SceneScriptFunction
SpellVisualID<u32>
CastMilliSeconds<u16>
ImpactMilliSeconds<u16>
RangeTypeEnum<8>
Flags<u8>
SceneScriptPackageID<u16>

BUILD 11.0.0.53687-11.0.0.54361
BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 55227F53
$noninline,id$ID<32>
SceneScriptFunction
SpellVisualID<u32>
CastMilliSeconds<u16>
ImpactMilliSeconds<u16>
RangeTypeEnum<8>
Flags<u8>
SceneScriptPackageID<u16>

BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 2.5.5.64508-2.5.5.68101
BUILD 1.15.8.63829-1.15.8.67156
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 257B890E
$noninline,id$ID<32>
SceneScriptFunction
SpellVisualID<u32>
CastMilliSeconds<u16>
ImpactMilliSeconds<u16>
RangeTypeEnum<8>
Flags<u8>
SceneScriptPackageID<u16>

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 5.5.4.67090-5.5.4.69383
BUILD 3.80.2.68943-3.80.2.69077
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
LAYOUT 9B125C9E
$noninline,id$ID<32>
SceneScriptFunction
SpellVisualID<u32>
CastMilliSeconds<u16>
ImpactMilliSeconds<u16>
RangeTypeEnum<8>
Flags<32>
SceneScriptPackageID<u16>
"#,
    ),
    (
        "CharHairGeosets",
        1256914,
        r#"COLUMNS
int ID
int RaceID
int SexID
int VariationID
int VariationType
int GeosetID
int GeosetType
int Showscalp
int ColorIndex
int CustomGeoFileDataID
int HdCustomGeoFileDataID
int Field_8_3_0_32044_010

BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
LAYOUT D716D8C3
$noninline,id$ID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<8>
GeosetID<u8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>

BUILD 4.0.0.11792-4.3.4.15595
BUILD 3.0.1.8303-3.3.5.12340
BUILD 2.0.0.5610-2.4.3.8606
BUILD 1.0.0.3980-1.12.3.6141
BUILD 0.5.3.3368-0.12.0.3988
BUILD 4.0.0.11792
BUILD 0.5.3.3368
$id$ID<32>
RaceID<32>
SexID<32>
VariationID<32>
GeosetID<32>
Showscalp<32>

BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 641ADC4E
$noninline,id$ID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<8>
GeosetID<u8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>

BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 80105E60
$noninline,id$ID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<8>
GeosetID<u8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>

BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
BUILD 1.15.8.63829-1.15.8.67156
BUILD 1.15.7.59706-1.15.7.63696
LAYOUT 0DFA0F80
$noninline,id$ID<32>
$relation$RaceID<8>
SexID<8>
VariationID<8>
GeosetID<u8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>

BUILD 8.0.1.25902-8.0.1.26231
BUILD 7.3.5.25928-7.3.5.26972
BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
BUILD 1.13.0.28211
LAYOUT 33EB32D2
$noninline,id$ID<32>
HdCustomGeoFileDataID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<u8>
VariationType<u8>
GeosetID<u8>
GeosetType<u8>
Showscalp<u8>
ColorIndex<8>
CustomGeoFileDataID<32>

BUILD 8.0.1.26287-8.0.1.26766
LAYOUT 0F1E8A82, 550B8355
$noninline,id$ID<32>
HdCustomGeoFileDataID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<8>
GeosetID<u8>
Showscalp<u8>
VariationType<u8>
GeosetType<u8>
ColorIndex<8>
CustomGeoFileDataID<32>

BUILD 8.1.0.27826-8.1.0.28485
BUILD 8.0.1.26788-8.0.1.28153
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT E3732EA9
$noninline,id$ID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<8>
GeosetID<u8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>

BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.28616-8.1.0.29621
LAYOUT C1638C2C
$noninline,id$ID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<8>
GeosetID<8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
LAYOUT 8CB4C7C2
$noninline,id$ID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<8>
GeosetID<8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>
Field_8_3_0_32044_010<8>

BUILD 11.0.0.53687-11.0.0.54361
BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
LAYOUT 69E34903
$noninline,id$ID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<8>
GeosetID<8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>
Field_8_3_0_32044_010<8>

BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
LAYOUT 41E34B0F
$noninline,id$ID<32>
$relation$RaceID<u8>
SexID<u8>
VariationID<8>
GeosetID<8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>
Field_8_3_0_32044_010<8>

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
LAYOUT 5B2ACAEF
$noninline,id$ID<32>
$relation$RaceID<8>
SexID<8>
VariationID<8>
GeosetID<8>
Showscalp<u8>
VariationType<8>
GeosetType<8>
ColorIndex<8>
CustomGeoFileDataID<32>
HdCustomGeoFileDataID<32>
Field_8_3_0_32044_010<8>
"#,
    ),
    (
        "CharSections",
        1365366,
        r#"COLUMNS
int ID
int RaceID
int SexID
int BaseSection
string TextureName
int Flags
int VariationIndex
int ColorIndex
int MaterialResourcesID

BUILD 1.15.3.55112-1.15.3.56626
LAYOUT A0D51DDD
$noninline,id$ID<32>
RaceID<8>
SexID<8>
BaseSection<8>
VariationIndex<8>
ColorIndex<8>
Flags<16>
MaterialResourcesID<32>[3]

BUILD 3.0.1.8303-3.0.1.8634
BUILD 2.0.0.5610-2.4.3.8606
BUILD 1.0.0.3980-1.12.3.6141
BUILD 0.6.0.3592-0.12.0.3988
$id$ID<32>
RaceID<32>
SexID<32>
BaseSection<32>
VariationIndex<32>
ColorIndex<32>
TextureName[3]
Flags<32>

BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 15DB31C4
$noninline,id$ID<32>
RaceID<8>
SexID<8>
BaseSection<8>
VariationIndex<8>
ColorIndex<8>
Flags<16>
MaterialResourcesID<32>[3]

BUILD 5.0.1.15464-5.4.8.18414
BUILD 4.0.0.11792-4.3.4.15595
BUILD 3.0.1.8681-3.3.5.12340
BUILD 6.0.1.18179
BUILD 4.0.0.11792
$id$ID<32>
RaceID<32>
SexID<32>
BaseSection<32>
TextureName[3]
Flags<32>
VariationIndex<32>
ColorIndex<32>

BUILD 8.0.1.25902-8.0.1.26766
BUILD 7.3.5.25928-7.3.5.26972
BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
BUILD 1.13.0.28211
LAYOUT E349E55B, 9C89AB0F
$noninline,id$ID<32>
MaterialResourcesID<32>[3]
Flags<16>
RaceID<8>
SexID<8>
BaseSection<8>
VariationIndex<8>
ColorIndex<8>

BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT 273A7F6F, F2BF29D4
$noninline,id$ID<32>
RaceID<8>
SexID<8>
BaseSection<8>
VariationIndex<8>
ColorIndex<8>
Flags<16>
MaterialResourcesID<32>[3]
"#,
    ),
    (
        "CharacterFacialHairStyles",
        1369752,
        r#"COLUMNS
int ID
int RaceID
int SexID
int VariationID
int Geoset
int BeardGeoset
int MoustacheGeoset
int SideburnGeoset

BUILD 2.0.0.5610-2.2.0.7272
BUILD 1.0.0.3980-1.12.3.6141
BUILD 0.6.0.3592-0.12.0.3988
RaceID<32>
SexID<32>
VariationID<32>
Geoset<32>[6]

BUILD 3.0.1.8303-3.0.1.8634
BUILD 2.3.0.7561-2.4.3.8606
RaceID<32>
SexID<32>
VariationID<32>
Geoset<32>[8]

BUILD 3.0.1.8681-3.3.5.12340
RaceID<32>
SexID<32>
VariationID<32>
Geoset<32>[5]

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.25902-8.0.1.28153
BUILD 7.3.5.25928-7.3.5.26972
BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
BUILD 1.13.0.28211
LAYOUT 47D79688, AA817A08, 3B700736
$noninline,id$ID<32>
Geoset<32>[5]
RaceID<u8>
SexID<u8>
VariationID<u8>

BUILD 11.0.0.53687-11.0.0.54361
BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 4ED873D6
$noninline,id$ID<32>
Geoset<32>[5]
RaceID<u8>
SexID<u8>
VariationID<u8>

BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
BUILD 1.15.3.55112-1.15.3.56626
LAYOUT EC412D3B
$noninline,id$ID<32>
Geoset<32>[5]
RaceID<u8>
SexID<u8>
VariationID<u8>

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
BUILD 1.15.8.63829-1.15.8.67156
BUILD 1.15.7.59706-1.15.7.63696
LAYOUT 7D8B51FB
$noninline,id$ID<32>
Geoset<32>[5]
RaceID<8>
SexID<8>
VariationID<u8>
"#,
    ),
    (
        "ChrRaces",
        1305311,
        r#"COLUMNS
int ID
int Flags
int FactionID
int ExplorationSoundID
int MaleDisplayID
int FemaleDisplayID
string ClientPrefix
int BaseLanguage
int CreatureType
int ResSicknessSpellID
int SplashSoundID
string ClientFileString
int CinematicSequenceID
int Alliance
locstring Name_lang
locstring Name_female_lang
locstring Name_male_lang
string FacialHairCustomization
string HairCustomization
int Race_related
int UnalteredVisualRaceID
int UaMaleCreatureSoundDataID
int UaFemaleCreatureSoundDataID
int CharComponentTextureLayoutID
int DefaultClassID
int CreateScreenFileDataID
int SelectScreenFileDataID
float MaleCustomizeOffset
float FemaleCustomizeOffset
int NeutralRaceID
int LowResScreenFileDataID
int HighResMaleDisplayID
int HighResFemaleDisplayID
int CharComponentTexLayoutHiResID
int AlteredFormFinishVisualKitID
int AlteredFormStartVisualKitID
int DisplayRaceID
int FemaleSkeletonFileDataID
int HeritageArmorAchievementID
int MaleSkeletonFileDataID
locstring Name_female_lowercase_lang
locstring Name_lowercase_lang
int StartingLevel
int UiDisplayOrder
int Required_expansion
float MountScale
int LoginEffectSpellID
int CombatStunSpellID
int StartingTaxiNodes
float FemaleModelFallbackArmor2Scale
int FemaleModelFallbackRaceID
int FemaleModelFallbackSex
int FemaleTextureFallbackRaceID
int FemaleTextureFallbackSex
float MaleModelFallbackArmor2Scale
int MaleModelFallbackRaceID
int MaleModelFallbackSex
int MaleTextureFallbackRaceID
int MaleTextureFallbackSex
int BaseRaceID
int TransmogrifyDisabledSlotMask
locstring Lore_name_lang
locstring Lore_name_female_lang
locstring Lore_name_lower_lang
locstring Lore_name_lower_female_lang
locstring Short_name_lang
locstring Short_name_female_lang
locstring Short_name_lower_lang
locstring Short_name_lower_female_lang
int PlayableRaceBit
locstring LoreDescription_lang
int UnalteredVisualCustomizationRaceID
float AlteredFormCustomizeOffsetFallback
float AlteredFormCustomizeRotationFallback
float Field_9_0_1_35256_033
float Field_9_0_1_35256_034
int HelmetAnimScalingRaceID
float Field_9_1_0_38312_030
float Field_9_1_0_38312_031
int Field_10_0_0_44649_045

BUILD 1.0.0.3980-1.12.2.6005
BUILD 0.10.0.3892-0.12.0.3988
BUILD 2.0.0.5991
$id$ID<32>
Flags<32>
FactionID<32>
ExplorationSoundID<32>
MaleDisplayID<32>
FemaleDisplayID<32>
ClientPrefix
MountScale
BaseLanguage<32>
CreatureType<32>
LoginEffectSpellID<32>
CombatStunSpellID<32>
ResSicknessSpellID<32>
SplashSoundID<32>
StartingTaxiNodes<32>
ClientFileString
CinematicSequenceID<32>
Name_lang
FacialHairCustomization[2]
HairCustomization

BUILD 2.5.1.38043-2.5.1.39640
LAYOUT 8BE33A75
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
$id$ID<32>
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
ResSicknessSpellID<32>
SplashSoundID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_0_1_35256_033[3]
Field_9_0_1_35256_034[3]
FactionID<16>
CinematicSequenceID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
LAYOUT F405990A
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
ResSicknessSpellID<32>
SplashSoundID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_0_1_35256_033[3]
Field_9_0_1_35256_034[3]
FactionID<16>
CinematicSequenceID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 3.0.1.8303-3.1.3.9947
BUILD 2.4.0.8089-2.4.3.8606
$id$ID<32>
Flags<32>
FactionID<32>
ExplorationSoundID<32>
MaleDisplayID<32>
FemaleDisplayID<32>
ClientPrefix
MountScale
BaseLanguage<32>
CreatureType<32>
ResSicknessSpellID<32>
SplashSoundID<32>
ClientFileString
CinematicSequenceID<32>
Name_lang
Name_female_lang
Name_male_lang
FacialHairCustomization[2]
HairCustomization
Required_expansion<32>

BUILD 3.2.2.10482-3.3.5.12340
$id$ID<32>
Flags<32>
FactionID<32>
ExplorationSoundID<32>
MaleDisplayID<32>
FemaleDisplayID<32>
ClientPrefix
BaseLanguage<32>
CreatureType<32>
ResSicknessSpellID<32>
SplashSoundID<32>
ClientFileString
CinematicSequenceID<32>
Alliance<32>
Name_lang
Name_female_lang
Name_male_lang
FacialHairCustomization[2]
HairCustomization
Required_expansion<32>

BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 756C30D6
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
ResSicknessSpellID<32>
SplashSoundID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_0_1_35256_033[3]
Field_9_0_1_35256_034[3]
FactionID<16>
CinematicSequenceID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
BUILD 1.15.3.55112-1.15.3.56626
LAYOUT E8A71CAF
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
ResSicknessSpellID<32>
SplashSoundID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_0_1_35256_033[3]
Field_9_0_1_35256_034[3]
FactionID<16>
CinematicSequenceID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
BUILD 1.15.8.63829-1.15.8.67156
BUILD 1.15.7.59706-1.15.7.63696
LAYOUT 47A2E62F
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
ResSicknessSpellID<32>
SplashSoundID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_0_1_35256_033[3]
Field_9_0_1_35256_034[3]
FactionID<16>
CinematicSequenceID<16>
BaseLanguage<8>
CreatureType<u8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
HelmetAnimScalingRaceID<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
LAYOUT 608397F0
$noninline,id$ID<32>
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
FacialHairCustomization[2]
HairCustomization
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
FactionID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
CinematicSequenceID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
DefaultClassID<8>
NeutralRaceID<8>
DisplayRaceID<8>
CharComponentTexLayoutHiResID<8>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]

BUILD 8.0.1.25902-8.0.1.26175
BUILD 7.3.5.25928-7.3.5.26972
BUILD 1.13.0.28211
LAYOUT 51C511F9
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
StartingLevel<32>
UiDisplayOrder<32>
FactionID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
CinematicSequenceID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
DefaultClassID<8>
NeutralRaceID<8>
DisplayRaceID<8>
CharComponentTexLayoutHiResID<8>
$id$ID<32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
HeritageArmorAchievementID<32>
MaleSkeletonFileDataID<32>
FemaleSkeletonFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]

BUILD 8.0.1.26231
LAYOUT 7E728145
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
StartingLevel<32>
UiDisplayOrder<32>
MaleModelFallbackArmor2Scale
FemaleModelFallbackArmor2Scale
FactionID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
CinematicSequenceID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
DefaultClassID<8>
NeutralRaceID<8>
CharComponentTexLayoutHiResID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
$id$ID<32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
HeritageArmorAchievementID<32>
MaleSkeletonFileDataID<32>
FemaleSkeletonFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]

BUILD 8.0.1.26287-8.0.1.26367
LAYOUT 7AC8831B
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
StartingLevel<32>
UiDisplayOrder<32>
MaleModelFallbackArmor2Scale
FemaleModelFallbackArmor2Scale
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
CharComponentTexLayoutHiResID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
$id$ID<32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
HeritageArmorAchievementID<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]

BUILD 8.0.1.26433
LAYOUT BCC93784
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
StartingLevel<32>
UiDisplayOrder<32>
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
CharComponentTexLayoutHiResID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
$id$ID<32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
HeritageArmorAchievementID<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]

BUILD 8.0.1.26476-8.0.1.26610
LAYOUT E7078C91
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
StartingLevel<32>
UiDisplayOrder<32>
BaseRaceID<32>
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
CharComponentTexLayoutHiResID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
$id$ID<32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
HeritageArmorAchievementID<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]

BUILD 8.0.1.26624-8.0.1.26766
LAYOUT 2B2A4FD3
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
UiDisplayOrder<32>
BaseRaceID<32>
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
CharComponentTexLayoutHiResID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
$id$ID<32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
HeritageArmorAchievementID<32>
StartingLevel<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]

BUILD 8.3.0.32044-8.3.0.32489
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT C8BCDC89, C0CADF15
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
$id$ID<32>
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
BaseRaceID<32>
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
CharComponentTexLayoutHiResID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>

BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32593-8.3.0.34963
LAYOUT C1BC2966
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
$id$ID<32>
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
BaseRaceID<32>
TransmogrifyDisabledSlotMask<32>
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
CharComponentTexLayoutHiResID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>

BUILD 9.0.1.33978-9.0.1.34003
LAYOUT 76D456C2
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
$id$ID<32>
Flags<32>
MaleDisplayID<u32>
FemaleDisplayID<u32>
HighResMaleDisplayID<u32>
HighResFemaleDisplayID<u32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
MaleCustomizeOffset[3]
FemaleCustomizeOffset[3]
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
FemaleSkeletonFileDataID<32>
MaleSkeletonFileDataID<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
CharComponentTextureLayoutID<8>
CharComponentTexLayoutHiResID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>

BUILD 9.0.1.34081-9.0.1.34615
LAYOUT 6692653E
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
$id$ID<32>
Flags<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>

BUILD 9.0.1.34714-9.0.1.34972
LAYOUT 561D0FB5
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
$id$ID<32>
Flags<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 9.0.1.35078
LAYOUT 04D6D8BD
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
$id$ID<32>
Flags<32>
BaseLanguage<32>
ResSicknessSpellID<32>
SplashSoundID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
FactionID<16>
CinematicSequenceID<16>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 9.0.1.35256-9.0.1.35482
LAYOUT A21EDF78
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
$id$ID<32>
Flags<32>
BaseLanguage<32>
ResSicknessSpellID<32>
SplashSoundID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_0_1_35256_033[3]
Field_9_0_1_35256_034[3]
FactionID<16>
CinematicSequenceID<16>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.35167-9.0.1.36577
LAYOUT 85A50CA9
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
$id$ID<32>
Flags<32>
BaseLanguage<32>
ResSicknessSpellID<32>
SplashSoundID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
FactionID<16>
CinematicSequenceID<16>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 9.1.0.38312-9.1.0.38524
LAYOUT C0605CB2
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
$id$ID<32>
Flags<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_1_0_38312_030[3]
Field_9_1_0_38312_031[3]
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 9.1.0.38549-9.1.0.38709
LAYOUT 7AFDB53D
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<u32>[3]
AlteredFormFinishVisualKitID<u32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_1_0_38312_030[3]
Field_9_1_0_38312_031[3]
FactionID<16>
CinematicSequenceID<16>
ResSicknessSpellID<16>
SplashSoundID<16>
BaseLanguage<8>
CreatureType<8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
UnalteredVisualCustomizationRaceID<8>

BUILD 9.1.0.38783-9.1.0.40725
LAYOUT 0F5197A5
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
FactionID<32>
CinematicSequenceID<32>
ResSicknessSpellID<32>
SplashSoundID<32>
Alliance<32>
Race_related<32>
UnalteredVisualRaceID<32>
DefaultClassID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
NeutralRaceID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<32>[3]
AlteredFormFinishVisualKitID<32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
MaleModelFallbackRaceID<32>
FemaleModelFallbackRaceID<32>
MaleTextureFallbackRaceID<32>
FemaleTextureFallbackRaceID<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
UnalteredVisualCustomizationRaceID<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_1_0_38312_030[3]
Field_9_1_0_38312_031[3]
BaseLanguage<8>
CreatureType<8>
MaleModelFallbackSex<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackSex<8>

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
LAYOUT 40164CD9
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
FactionID<32>
CinematicSequenceID<32>
ResSicknessSpellID<32>
SplashSoundID<32>
Alliance<32>
Race_related<32>
UnalteredVisualRaceID<32>
DefaultClassID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
NeutralRaceID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<32>[3]
AlteredFormFinishVisualKitID<32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
MaleModelFallbackRaceID<32>
FemaleModelFallbackRaceID<32>
MaleTextureFallbackRaceID<32>
FemaleTextureFallbackRaceID<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
UnalteredVisualCustomizationRaceID<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_1_0_38312_030[3]
Field_9_1_0_38312_031[3]
BaseLanguage<8>
CreatureType<8>
MaleModelFallbackSex<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackSex<8>

BUILD 10.0.0.44167
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
LAYOUT BAD9D8A9
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
FactionID<32>
CinematicSequenceID<32>
ResSicknessSpellID<32>
SplashSoundID<32>
Alliance<32>
Race_related<32>
UnalteredVisualRaceID<32>
DefaultClassID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
NeutralRaceID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<32>[3]
AlteredFormFinishVisualKitID<32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
MaleModelFallbackRaceID<32>
FemaleModelFallbackRaceID<32>
MaleTextureFallbackRaceID<32>
FemaleTextureFallbackRaceID<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
UnalteredVisualCustomizationRaceID<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_1_0_38312_030[3]
Field_9_1_0_38312_031[3]
BaseLanguage<8>
CreatureType<8>
MaleModelFallbackSex<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackSex<8>

BUILD 11.0.0.53687-11.0.0.54361
BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44351-10.0.0.46597
LAYOUT CD316971
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
FactionID<32>
CinematicSequenceID<32>
ResSicknessSpellID<32>
SplashSoundID<32>
Alliance<32>
Race_related<32>
UnalteredVisualRaceID<32>
DefaultClassID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
NeutralRaceID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<32>[3]
AlteredFormFinishVisualKitID<32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
MaleModelFallbackRaceID<32>
FemaleModelFallbackRaceID<32>
MaleTextureFallbackRaceID<32>
FemaleTextureFallbackRaceID<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
UnalteredVisualCustomizationRaceID<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_1_0_38312_030[3]
Field_9_1_0_38312_031[3]
Field_10_0_0_44649_045<32>
BaseLanguage<8>
CreatureType<8>
MaleModelFallbackSex<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackSex<8>

BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
LAYOUT FBB0AF72
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
FactionID<32>
CinematicSequenceID<32>
ResSicknessSpellID<32>
SplashSoundID<32>
Alliance<32>
Race_related<32>
UnalteredVisualRaceID<32>
DefaultClassID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
NeutralRaceID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<32>[3]
AlteredFormFinishVisualKitID<32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
MaleModelFallbackRaceID<32>
FemaleModelFallbackRaceID<32>
MaleTextureFallbackRaceID<32>
FemaleTextureFallbackRaceID<32>
PlayableRaceBit<32>
HelmetAnimScalingRaceID<32>
TransmogrifyDisabledSlotMask<32>
UnalteredVisualCustomizationRaceID<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_1_0_38312_030[3]
Field_9_1_0_38312_031[3]
Field_10_0_0_44649_045<32>
BaseLanguage<8>
CreatureType<8>
MaleModelFallbackSex<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackSex<8>

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
LAYOUT 4F44C796
$noninline,id$ID<32>
ClientPrefix
ClientFileString
Name_lang
Name_female_lang
Name_lowercase_lang
Name_female_lowercase_lang
Lore_name_lang
Lore_name_female_lang
Lore_name_lower_lang
Lore_name_lower_female_lang
LoreDescription_lang
Short_name_lang
Short_name_female_lang
Short_name_lower_lang
Short_name_lower_female_lang
Flags<32>
FactionID<32>
CinematicSequenceID<32>
ResSicknessSpellID<32>
SplashSoundID<32>
CreateScreenFileDataID<32>
SelectScreenFileDataID<32>
LowResScreenFileDataID<32>
AlteredFormStartVisualKitID<32>[3]
AlteredFormFinishVisualKitID<32>[3]
HeritageArmorAchievementID<32>
StartingLevel<32>
UiDisplayOrder<32>
PlayableRaceBit<32>
TransmogrifyDisabledSlotMask<32>
AlteredFormCustomizeOffsetFallback[3]
AlteredFormCustomizeRotationFallback
Field_9_1_0_38312_030[3]
Field_9_1_0_38312_031[3]
BaseLanguage<8>
CreatureType<u8>
Alliance<8>
Race_related<8>
UnalteredVisualRaceID<8>
DefaultClassID<8>
NeutralRaceID<8>
MaleModelFallbackRaceID<8>
MaleModelFallbackSex<8>
FemaleModelFallbackRaceID<8>
FemaleModelFallbackSex<8>
MaleTextureFallbackRaceID<8>
MaleTextureFallbackSex<8>
FemaleTextureFallbackRaceID<8>
FemaleTextureFallbackSex<8>
HelmetAnimScalingRaceID<8>
UnalteredVisualCustomizationRaceID<8>
"#,
    ),
    (
        "CreatureDisplayInfo",
        1108759,
        r#"COLUMNS
int ID
int ModelID
int SoundID
int ExtendedDisplayInfoID
float CreatureModelScale
int CreatureModelAlpha
string TextureVariation
string PortraitTextureName
int PortraitCreatureDisplayInfoID
int SizeClass
int BloodID
int NPCSoundID
int ParticleColorID
int CreatureGeosetData
int ObjectEffectPackageID
int AnimReplacementSetID
int Flags
int Gender
int StateSpellVisualKitID
int DissolveEffectID
int MountPoofSpellVisualKitID
float PetInstanceScale
float PlayerOverrideScale
int PortraitTextureFileDataID
int TextureVariationFileDataID
int UnarmedWeaponType
int CreatureModelMinLod
int DissolveOutEffectID
int Field_7_3_2_25549_010
int Field_2_1_0_6692_010
int Field_2_1_0_6692_011
int Field_2_1_0_6692_012
int Field_2_1_0_6692_013
int Field_2_1_0_6692_014
int Field_2_1_0_6692_015
int Field_2_1_0_6692_016
int Field_2_1_0_6692_017
int Field_2_1_0_6692_018
int ConditionalCreatureModelID
float MountMaxBankingAngle
int Field_11_0_0_54210_026
int Field_1_15_4_56400_024

BUILD 1.15.3.55112-1.15.3.56626
LAYOUT D9CE8445
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<u8>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
TextureVariationFileDataID<32>[4]

BUILD 2.0.0.5610-2.0.6.6337
BUILD 1.0.0.3980-1.12.3.6141
BUILD 0.10.0.3892-0.12.0.3988
$id$ID<32>
ModelID<32>
SoundID<32>
ExtendedDisplayInfoID<32>
CreatureModelScale
CreatureModelAlpha<32>
TextureVariation[3]
SizeClass<32>
BloodID<32>
NPCSoundID<32>

BUILD 3.0.1.8303-3.0.1.8471
BUILD 2.4.0.8089-2.4.3.8606
$id$ID<32>
ModelID<32>
SoundID<32>
ExtendedDisplayInfoID<32>
CreatureModelScale
CreatureModelAlpha<32>
TextureVariation[3]
PortraitTextureName
SizeClass<32>
BloodID<32>
NPCSoundID<32>
ParticleColorID<32>

BUILD 3.0.1.8820-3.3.5.12340
BUILD 3.0.8.9328
BUILD 3.0.2.8885
$id$ID<32>
ModelID<32>
SoundID<32>
ExtendedDisplayInfoID<32>
CreatureModelScale
CreatureModelAlpha<32>
TextureVariation[3]
PortraitTextureName
SizeClass<32>
BloodID<32>
NPCSoundID<32>
ParticleColorID<32>
CreatureGeosetData<32>
ObjectEffectPackageID<32>

BUILD 3.4.0.43659-3.4.0.47659
LAYOUT 9C83919E
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<u8>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
TextureVariationFileDataID<32>[3]

BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT C99CB5F9
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<u8>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
TextureVariationFileDataID<32>[4]

BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.4.4.59817-3.4.4.61581
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
LAYOUT D89C751C
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<32>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
Field_1_15_4_56400_024<u16>
TextureVariationFileDataID<32>[4]

BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
BUILD 1.15.8.63829-1.15.8.67156
LAYOUT F75F884C
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<32>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
Field_1_15_4_56400_024<u16>
TextureVariationFileDataID<32>[4]

BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
LAYOUT CFD2D5EF
$id$ID<32>
CreatureModelScale
ModelID<u16>
NPCSoundID<u16>
SizeClass<8>
Flags<u8>
Gender<8>
ExtendedDisplayInfoID<32>
TextureVariationFileDataID<32>[3]
PortraitTextureFileDataID<32>
$noninline,relation$Field_7_3_2_25549_010<8>

BUILD 7.3.5.25928-7.3.5.26972
BUILD 1.13.0.28211
LAYOUT 406268DF
$id$ID<32>
CreatureModelScale
ModelID<u16>
NPCSoundID<u16>
SizeClass<8>
Flags<u8>
Gender<8>
ExtendedDisplayInfoID<32>
PortraitTextureFileDataID<32>
CreatureModelAlpha<u8>
SoundID<u16>
PlayerOverrideScale
PortraitCreatureDisplayInfoID<32>
BloodID<u8>
ParticleColorID<u16>
CreatureGeosetData<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
UnarmedWeaponType<8>
StateSpellVisualKitID<32>
PetInstanceScale
MountPoofSpellVisualKitID<32>
TextureVariationFileDataID<32>[3]

BUILD 8.0.1.25902-8.0.1.26231
LAYOUT C285819E
$id$ID<32>
CreatureModelScale
ModelID<u16>
NPCSoundID<u16>
SizeClass<8>
Flags<u8>
Gender<8>
ExtendedDisplayInfoID<32>
PortraitTextureFileDataID<32>
CreatureModelAlpha<u8>
SoundID<u16>
PlayerOverrideScale
PortraitCreatureDisplayInfoID<32>
BloodID<u8>
ParticleColorID<u16>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
UnarmedWeaponType<8>
StateSpellVisualKitID<32>
PetInstanceScale
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
TextureVariationFileDataID<32>[3]

BUILD 8.0.1.26287-8.0.1.26367
LAYOUT 5D6823C8
$id$ID<32>
CreatureModelScale
ModelID<u16>
NPCSoundID<u16>
SizeClass<8>
Flags<u8>
Gender<8>
SoundID<u16>
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
TextureVariationFileDataID<32>[3]

BUILD 8.0.1.26433-8.0.1.26766
LAYOUT 7589F3F0
$id$ID<32>
CreatureModelScale
ModelID<u16>
NPCSoundID<u16>
SizeClass<8>
Flags<u8>
Gender<8>
SoundID<u16>
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
TextureVariationFileDataID<32>[3]

BUILD 9.1.0.38312-9.1.0.38524
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT 613413D1, 96D440DE
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<u8>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
TextureVariationFileDataID<32>[3]

BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38549-9.1.0.40725
LAYOUT 899324AA
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<u8>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
TextureVariationFileDataID<32>[3]

BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
LAYOUT 1D5BDC6A
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<u8>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
TextureVariationFileDataID<32>[3]

BUILD 10.0.0.43342
LAYOUT 7A17E1DD
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<u8>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
TextureVariationFileDataID<32>[4]

BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
LAYOUT 357FF9CD
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<u8>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
TextureVariationFileDataID<32>[4]

BUILD 11.0.0.53687-11.0.0.54361
LAYOUT 668AA58A
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<32>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
ConditionalCreatureModelID<u16>
MountMaxBankingAngle
Field_11_0_0_54210_026<u16>
TextureVariationFileDataID<32>[4]

BUILD 11.1.5.59571-11.1.5.59735
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
LAYOUT 19189406
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<32>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
ConditionalCreatureModelID<u16>
MountMaxBankingAngle
Field_11_0_0_54210_026<u16>
TextureVariationFileDataID<32>[4]

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59919-11.1.5.61265
LAYOUT 7275F5F6
$id$ID<32>
ModelID<u16>
SoundID<u16>
SizeClass<8>
CreatureModelScale
CreatureModelAlpha<u8>
BloodID<u8>
ExtendedDisplayInfoID<32>
NPCSoundID<u16>
ParticleColorID<u16>
PortraitCreatureDisplayInfoID<32>
PortraitTextureFileDataID<32>
ObjectEffectPackageID<u16>
AnimReplacementSetID<u16>
Flags<32>
StateSpellVisualKitID<32>
PlayerOverrideScale
PetInstanceScale
UnarmedWeaponType<8>
MountPoofSpellVisualKitID<32>
DissolveEffectID<32>
Gender<8>
DissolveOutEffectID<32>
CreatureModelMinLod<8>
ConditionalCreatureModelID<u16>
MountMaxBankingAngle
Field_11_0_0_54210_026<u16>
TextureVariationFileDataID<32>[4]
"#,
    ),
    (
        "CreatureDisplayInfoExtra",
        1264997,
        r#"COLUMNS
int ID
int DisplayRaceID
int DisplaySexID
int SkinID
int FaceID
int HairStyleID
int HairColorID
int FacialHairID
int NPCItemDisplay
int Flags
int FileDataID
int HdFileDataID
int HDBakeMaterialResourcesID
int BakeMaterialResourcesID
int CustomDisplayOption
int DisplayClassID
string BakeName

BUILD 2.0.0.5610-2.0.0.5991
BUILD 1.0.0.3980-1.12.3.6141
BUILD 0.5.3.3368-0.12.0.3988
BUILD 0.5.3.3368
$id$ID<32>
DisplayRaceID<32>
DisplaySexID<32>
SkinID<32>
FaceID<32>
HairStyleID<32>
HairColorID<32>
FacialHairID<32>
NPCItemDisplay<32>[10]
BakeName

BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
LAYOUT 192D8556
$id$ID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
SkinID<8>
FaceID<8>
HairStyleID<8>
HairColorID<8>
FacialHairID<8>
Flags<8>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>
CustomDisplayOption<u8>[3]

BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 03BFCF96
$id$ID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
SkinID<8>
FaceID<8>
HairStyleID<8>
HairColorID<8>
FacialHairID<8>
Flags<8>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>
CustomDisplayOption<u8>[3]

BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 4C6F7221
$id$ID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
SkinID<8>
FaceID<8>
HairStyleID<8>
HairColorID<8>
FacialHairID<8>
Flags<8>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>
CustomDisplayOption<u8>[3]

BUILD 5.0.1.15464-5.4.8.18273
BUILD 4.0.0.11792-4.3.4.15595
BUILD 3.0.1.8303-3.3.5.12340
BUILD 2.0.0.6080-2.4.3.8606
BUILD 4.0.0.11792
$id$ID<32>
DisplayRaceID<32>
DisplaySexID<32>
SkinID<32>
FaceID<32>
HairStyleID<32>
HairColorID<32>
FacialHairID<32>
NPCItemDisplay<32>[11]
Flags<32>
BakeName

BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
BUILD 1.15.8.63829-1.15.8.67156
BUILD 1.15.7.59706-1.15.7.63696
LAYOUT F5E49981
$id$ID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
SkinID<8>
FaceID<8>
HairStyleID<8>
HairColorID<8>
FacialHairID<8>
Flags<32>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>
CustomDisplayOption<u8>[3]

BUILD 8.0.1.25902-8.0.1.26766
BUILD 7.3.5.25928-7.3.5.26972
BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
BUILD 1.13.0.28211
LAYOUT 6DF98EF6, 48377C9E
$noninline,id$ID<32>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
SkinID<8>
FaceID<8>
HairStyleID<8>
HairColorID<8>
FacialHairID<8>
CustomDisplayOption<u8>[3]
Flags<8>

BUILD 9.0.1.33978-9.0.1.35482
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT 89E31B13, C4CF4823
$noninline,id$ID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
SkinID<8>
FaceID<8>
HairStyleID<8>
HairColorID<8>
FacialHairID<8>
Flags<8>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>
CustomDisplayOption<u8>[3]

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.35522-9.0.1.36577
LAYOUT 1BE6635C
$id$ID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
Flags<8>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>

BUILD 11.0.0.53687-11.0.0.54361
BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
LAYOUT 8FCCFF0C
$id$ID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
Flags<8>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>

BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
LAYOUT 1685A9BC
$id$ID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
Flags<8>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
LAYOUT 4D9FE25C
$id$ID<32>
DisplayRaceID<8>
DisplaySexID<8>
DisplayClassID<8>
Flags<32>
BakeMaterialResourcesID<32>
HDBakeMaterialResourcesID<32>
"#,
    ),
    (
        "CreatureDisplayInfoGeosetData",
        1720141,
        r#"COLUMNS
int ID
int CreatureDisplayInfoID
int GeosetIndex
int GeosetValue

BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.25902-8.0.1.28153
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT 2E044324, 13350FA0, FDFD2CDF
$noninline,id$ID<32>
GeosetIndex<u8>
GeosetValue<u8>
$noninline,relation$CreatureDisplayInfoID<u32>

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
LAYOUT 469BDCA2
$noninline,id$ID<32>
GeosetIndex<u8>
GeosetValue<u8>
$noninline,relation$CreatureDisplayInfoID<32>

BUILD 11.0.0.53687-11.0.0.54361
BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 6A7C8343
$noninline,id$ID<32>
GeosetIndex<u8>
GeosetValue<u8>
$noninline,relation$CreatureDisplayInfoID<32>

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
BUILD 1.15.8.63829-1.15.8.67156
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 5E539080
$noninline,id$ID<32>
GeosetIndex<u8>
GeosetValue<u8>
$noninline,relation$CreatureDisplayInfoID<32>
"#,
    ),
    (
        "CreatureModelData",
        1365368,
        r#"COLUMNS
int ID
int Flags
int FileDataID
int SizeClass
float ModelScale
int BloodID
int FootprintTextureID
float FootprintTextureLength
float FootprintTextureWidth
float FootprintParticleScale
int FoleyMaterialID
int FootstepShakeSize
int DeathThudShakeSize
int SoundID
float CollisionWidth
float CollisionHeight
float MountHeight
float GeoBoxMin
float GeoBoxMax
float WorldEffectScale
float AttachedEffectScale
float MissileCollisionRadius
float MissileCollisionPush
float MissileCollisionRaise
float OverrideLootEffectScale
float OverrideNameScale
float OverrideSelectionRadius
float TamedPetBaseScale
int CreatureGeosetDataID
float HoverHeight
int DeathThudCameraEffectID
int FootstepCameraEffectID
float GeoBox
string ModelName
float GeoBoxMinX
float GeoBoxMinY
float GeoBoxMinZ
float GeoBoxMaxX
float GeoBoxMaxY
float GeoBoxMaxZ
string AnimModelName
int MountScaleOtherIndex
float MountScaleSelf
float MountScaleOther
float WalkSpeed
float RunSpeed
int Field_11_0_0_54210_032

BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 93A85FAB
$noninline,id$ID<32>
GeoBox[6]
Flags<u32>
FileDataID<u32>
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale

BUILD 1.0.0.3980-1.12.3.6141
BUILD 0.10.0.3892-0.12.0.3988
BUILD 2.0.0.5610-2.0.0.5991
$id$ID<32>
Flags<32>
ModelName
SizeClass<32>
ModelScale
BloodID<32>
FootprintTextureID<32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<32>
FootstepShakeSize<32>
DeathThudShakeSize<32>
SoundID<32>
CollisionWidth
CollisionHeight

BUILD 2.1.0.6692-2.4.3.8606
$id$ID<32>
Flags<32>
ModelName
SizeClass<32>
ModelScale
BloodID<32>
FootprintTextureID<32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<32>
FootstepShakeSize<32>
DeathThudShakeSize<32>
SoundID<32>
CollisionWidth
CollisionHeight
MountHeight
GeoBox[6]
AttachedEffectScale

BUILD 4.0.0.11792-4.0.6.13596
BUILD 3.1.0.9767-3.3.5.12340
BUILD 4.0.0.11792
$id$ID<32>
Flags<32>
ModelName
SizeClass<32>
ModelScale
BloodID<32>
FootprintTextureID<32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<32>
FootstepShakeSize<32>
DeathThudShakeSize<32>
SoundID<32>
CollisionWidth
CollisionHeight
MountHeight
GeoBoxMinX
GeoBoxMinY
GeoBoxMinZ
GeoBoxMaxX
GeoBoxMaxY
GeoBoxMaxZ
WorldEffectScale
AttachedEffectScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise

BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 925EA78B
$noninline,id$ID<32>
GeoBox[6]
Flags<u32>
FileDataID<u32>
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale

BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.4.4.59817-3.4.4.61581
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
LAYOUT 4A4CF256
$noninline,id$ID<32>
GeoBox[6]
Flags<32>
FileDataID<u32>
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
Field_11_0_0_54210_032<u16>

BUILD 5.5.3.64141
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 1.15.8.63829-1.15.8.67156
LAYOUT F192F016
$noninline,id$ID<32>
GeoBox[6]
Flags<32>
FileDataID<u32>
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<8>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
Field_11_0_0_54210_032<u16>

BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64308-5.5.3.67509
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
LAYOUT 3FFEE408
$noninline,id$ID<32>
GeoBox[6]
Flags<32>
FileDataID<u32>
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<8>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
MountScaleOtherIndex<8>
MountScaleSelf
Field_11_0_0_54210_032<u16>
MountScaleOther[2]

BUILD 8.0.1.25902-8.0.1.26231
BUILD 7.3.5.25928-7.3.5.26972
BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
BUILD 1.13.0.28211
LAYOUT 983BD312
$noninline,id$ID<32>
ModelScale
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
CollisionWidth
CollisionHeight
MountHeight
GeoBox[6]
WorldEffectScale
AttachedEffectScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
HoverHeight
Flags<u32>
FileDataID<u32>
SizeClass<u32>
BloodID<u32>
FootprintTextureID<u32>
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
CreatureGeosetDataID<u32>

BUILD 8.0.1.26287-8.0.1.26766
LAYOUT DA590248
$noninline,id$ID<32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
CollisionWidth
CollisionHeight
WorldEffectScale
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
GeoBox[6]
Flags<u32>
FileDataID<u32>
BloodID<u32>
FootprintTextureID<u32>
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CreatureGeosetDataID<u32>

BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT F61D550A, F41D4A3B
$noninline,id$ID<32>
GeoBox[6]
Flags<u32>
FileDataID<u32>
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
LAYOUT BB89D456, D3E2C1D3
$noninline,id$ID<32>
GeoBox[6]
Flags<u32>
FileDataID<u32>
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
MountScaleOtherIndex<8>
MountScaleSelf
MountScaleOther[2]

BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
LAYOUT EDDF3253
$noninline,id$ID<32>
GeoBox[6]
Flags<u32>
FileDataID<u32>
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
MountScaleOtherIndex<8>
MountScaleSelf
MountScaleOther[2]

BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
LAYOUT CD28D54B
$noninline,id$ID<32>
GeoBox[6]
Flags<u32>
FileDataID<u32>
WalkSpeed
RunSpeed
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
MountScaleOtherIndex<8>
MountScaleSelf
MountScaleOther[2]

BUILD 11.0.0.53687-11.0.0.54361
LAYOUT 6E5ECC1D
$noninline,id$ID<32>
GeoBox[6]
Flags<32>
FileDataID<u32>
WalkSpeed
RunSpeed
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
MountScaleOtherIndex<8>
MountScaleSelf
Field_11_0_0_54210_032<u16>
MountScaleOther[2]

BUILD 11.1.5.59571-11.1.5.59735
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
LAYOUT 6148D238
$noninline,id$ID<32>
GeoBox[6]
Flags<32>
FileDataID<u32>
WalkSpeed
RunSpeed
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<u32>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
MountScaleOtherIndex<8>
MountScaleSelf
Field_11_0_0_54210_032<u16>
MountScaleOther[2]

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59919-11.1.5.61265
LAYOUT 0F5449F8
$noninline,id$ID<32>
GeoBox[6]
Flags<32>
FileDataID<u32>
WalkSpeed
RunSpeed
BloodID<u32>
FootprintTextureID<u32>
FootprintTextureLength
FootprintTextureWidth
FootprintParticleScale
FoleyMaterialID<u32>
FootstepCameraEffectID<u32>
DeathThudCameraEffectID<u32>
SoundID<u32>
SizeClass<8>
CollisionWidth
CollisionHeight
WorldEffectScale
CreatureGeosetDataID<u32>
HoverHeight
AttachedEffectScale
ModelScale
MissileCollisionRadius
MissileCollisionPush
MissileCollisionRaise
MountHeight
OverrideLootEffectScale
OverrideNameScale
OverrideSelectionRadius
TamedPetBaseScale
MountScaleOtherIndex<8>
MountScaleSelf
Field_11_0_0_54210_032<u16>
MountScaleOther[2]
"#,
    ),
    (
        "Emotes",
        1343602,
        r#"COLUMNS
int ID
string EmoteSlashCommand
int AnimID
int EmoteFlags
int EmoteSpecProc
int EmoteSpecProcParam
int EventSoundID
int SpellVisualKitID
int ClassMask
int RaceMask
int EmoteAnimID
int RaceMasks

BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 96C802F0
$noninline,id$ID<32>
RaceMask<64>
EmoteSlashCommand
AnimID<32>
EmoteFlags<u32>
EmoteSpecProc<u8>
EmoteSpecProcParam<u32>
EventSoundID<u32>
SpellVisualKitID<u32>
ClassMask<32>

BUILD 4.0.0.11792-4.1.0.13875
BUILD 3.0.1.8303-3.3.5.12340
BUILD 2.0.0.5610-2.4.3.8606
BUILD 1.1.1.4062-1.12.3.6141
BUILD 4.0.0.11792
$id$ID<32>
EmoteSlashCommand
AnimID<32>
EmoteFlags<32>
EmoteSpecProc<32>
EmoteSpecProcParam<32>
EventSoundID<32>

BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
LAYOUT C33F08F9
$noninline,id$ID<32>
EmoteSlashCommand
EmoteFlags<u32>
SpellVisualKitID<u32>
RaceMask<32>
AnimID<16>
EmoteSpecProc<u8>
EmoteSpecProcParam<u32>
EventSoundID<u32>
ClassMask<32>

BUILD 8.0.1.25902-8.0.1.26231
BUILD 7.3.5.25928-7.3.5.26972
BUILD 1.13.0.28211
LAYOUT 14467F27
$noninline,id$ID<32>
RaceMask<64>
EmoteSlashCommand
EmoteFlags<u32>
SpellVisualKitID<u32>
AnimID<16>
EmoteSpecProc<u8>
ClassMask<32>
EmoteSpecProcParam<u32>
EventSoundID<u32>

BUILD 8.0.1.26287-8.0.1.26766
LAYOUT 88B11B03
$noninline,id$ID<32>
RaceMask<64>
EmoteSlashCommand
EmoteFlags<u32>
SpellVisualKitID<u32>
AnimID<16>
EmoteSpecProc<u8>
EmoteSpecProcParam<u32>
EventSoundID<u32>
ClassMask<32>

BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT A909E182, 704A62E9
$noninline,id$ID<32>
RaceMask<64>
EmoteSlashCommand
AnimID<32>
EmoteFlags<u32>
EmoteSpecProc<u8>
EmoteSpecProcParam<u32>
EventSoundID<u32>
SpellVisualKitID<u32>
ClassMask<32>

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
LAYOUT B3BBAC91
$noninline,id$ID<32>
RaceMask<64>
EmoteSlashCommand
AnimID<32>
EmoteFlags<u32>
EmoteSpecProc<u8>
EmoteSpecProcParam<u32>
EventSoundID<u32>
SpellVisualKitID<u32>
ClassMask<32>

BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT C2B2FDD1
$noninline,id$ID<32>
RaceMask<64>
EmoteSlashCommand
AnimID<32>
EmoteFlags<u32>
EmoteSpecProc<u8>
EmoteSpecProcParam<u32>
EventSoundID<u32>
SpellVisualKitID<u32>
ClassMask<32>

BUILD 11.0.0.53687-11.0.0.54361
LAYOUT 826B6CD0
$noninline,id$ID<32>
RaceMask<64>
EmoteSlashCommand
AnimID<16>
EmoteFlags<32>
EmoteSpecProc<32>
EmoteSpecProcParam<u32>
EventSoundID<u32>
SpellVisualKitID<u32>
ClassMask<32>

BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 2.5.5.64508-2.5.5.68101
BUILD 1.15.8.63829-1.15.8.67156
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
LAYOUT 590311E0
$noninline,id$ID<32>
RaceMask<64>
EmoteSlashCommand
AnimID<16>
EmoteFlags<32>
EmoteSpecProc<32>
EmoteSpecProcParam<u32>
EventSoundID<u32>
SpellVisualKitID<u32>
ClassMask<32>

BUILD 12.0.5.66330-12.0.5.67823
LAYOUT B573B98C
$noninline,id$ID<32>
RaceMask<64>
EmoteSlashCommand
AnimID<16>
EmoteFlags<32>
EmoteSpecProc<32>
EmoteSpecProcParam<u32>
EventSoundID<u32>
SpellVisualKitID<u32>
ClassMask<32>
RaceMasks<32>[2]

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 5.5.4.67090-5.5.4.69383
BUILD 3.80.2.68943-3.80.2.69077
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
LAYOUT 0A598B68
$noninline,id$ID<32>
EmoteSlashCommand
AnimID<16>
EmoteFlags<32>
EmoteSpecProc<32>
EmoteSpecProcParam<u32>
EventSoundID<u32>
SpellVisualKitID<u32>
ClassMask<32>
RaceMasks<32>[2]
"#,
    ),
    (
        "HelmetGeosetVisData",
        1294216,
        r#"COLUMNS
int ID
int HideGeoset
int DefaultFlags
int PreferredFlags
int HideFlags
int Field_0_5_5_3494_001
int Field_0_5_5_3494_002
int Field_0_5_5_3494_003
int Field_0_5_5_3494_004
int Field_0_5_5_3494_005
int Field_0_5_5_3494_006
int Field_0_5_5_3494_007
int Field_0_5_5_3494_008
int Field_0_5_5_3494_009
int Field_0_5_5_3494_010
int Field_0_5_5_3494_011
int Field_0_5_5_3494_012
int Field_0_5_5_3494_013
int Field_0_5_5_3494_014
int Field_0_5_5_3494_015
int Field_0_5_5_3494_016
int Field_0_5_5_3494_017
int Field_0_5_5_3494_018
int Field_0_5_5_3494_019
int Field_0_5_5_3494_020
int Field_0_5_5_3494_021
int Field_0_5_5_3494_022
int Field_0_5_5_3494_023
int Field_0_5_5_3494_024
int Field_0_5_5_3494_025
int Field_0_5_5_3494_026
int Field_0_5_5_3494_027
int Field_0_5_5_3494_028
int Field_0_5_5_3494_029
int Field_0_5_5_3494_030
int Field_0_5_5_3494_031
int Field_0_5_5_3494_032

BUILD 2.0.0.5610-2.2.0.7272
BUILD 1.0.0.3980-1.12.3.6141
BUILD 0.6.0.3592-0.12.0.3988
$id$ID<32>
HideGeoset<32>[5]

BUILD 6.0.1.18125-6.2.4.21742
BUILD 5.0.1.15464-5.4.8.18414
BUILD 4.0.0.11792-4.3.4.15595
BUILD 3.0.1.8303-3.3.5.12340
BUILD 2.3.0.7561-2.4.3.8606
BUILD 6.0.1.18179
BUILD 4.0.0.11792
$id$ID<32>
HideGeoset<32>[7]

BUILD 8.1.5.28938-8.1.5.29418
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.25902-8.0.1.28153
BUILD 7.3.5.25928-7.3.5.26972
BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
BUILD 1.13.0.28211
LAYOUT 3B38D999, 2E7C7FED
$noninline,id$ID<32>
HideGeoset<32>[9]
"#,
    ),
    (
        "Item",
        841626,
        r#"COLUMNS
int ID
int ClassID
int IconFileDataID
int InventoryType
int ItemGroupSoundsID
int Material
int SheatheType
int Sound_override_subclassID
int SubclassID
int DisplayInfoID
int MaxDurability
int AmmunitionType
int MinDamage
int MaxDamage
int DamageType
int Resistances
int ModifiedCraftingReagentItemID
int RequiredLevel
int RandomSelect
int ItemRandomSuffixGroupID
int ContentTuningID
int CraftingQualityID
int ScalingStatDistributionID
int ScalingStatValue
int Field_12_0_0_63534_010
float RecraftReagentCountPercentage
int OrderSource
int ItemSquishEraID
int Field_5_5_4_67090_015

BUILD 1.13.0.28211
LAYOUT 92F85B98
$noninline,id$ID<32>
IconFileDataID<32>
DisplayInfoID<u16>
ClassID<u8>
SubclassID<u8>
Sound_override_subclassID<8>
Material<u8>
InventoryType<u8>
SheatheType<u8>
ItemGroupSoundsID<u8>

BUILD 1.13.6.36231-1.13.6.36611
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT 87059168
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
MaxDurability<u32>
AmmunitionType<u8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
DisplayInfoID<u16>
MinDamage<u16>[5]
MaxDamage<u16>[5]
DamageType<u8>[5]
Resistances<16>[7]

BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36670-1.13.6.37497
LAYOUT 0AB5F2C6
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
MaxDurability<u32>
AmmunitionType<u8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
DisplayInfoID<u32>
MinDamage<u16>[5]
MaxDamage<u16>[5]
DamageType<u8>[5]
Resistances<16>[7]

BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 4D6B8ADA
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
ScalingStatValue<32>
DamageType<u8>[5]
Resistances<32>[7]
MinDamage<32>[5]
MaxDamage<32>[5]

BUILD 2.5.1.38043-2.5.1.38118
LAYOUT B1C87EB0
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
DamageType<u8>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
DisplayInfoID<u32>
Resistances<16>[7]
MinDamage<u16>[5]
MaxDamage<u16>[5]

BUILD 2.5.1.38119-2.5.1.38169
LAYOUT 0965E8DC
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
DamageType<u8>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
Resistances<16>[7]
MinDamage<u16>[5]
MaxDamage<u16>[5]

BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38225-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
LAYOUT A95A19EE
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
DamageType<u8>[5]
Resistances<16>[7]
MinDamage<u16>[5]
MaxDamage<u16>[5]

BUILD 3.0.1.8303-3.0.1.8885
BUILD 2.4.0.8089-2.4.3.8606
$id$ID<32>
DisplayInfoID<32>
InventoryType<32>
SheatheType<32>

BUILD 3.4.0.43659-3.4.0.45613
LAYOUT 1535DBFE
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
DamageType<u8>[5]
Resistances<16>[7]
MinDamage<u16>[5]
MaxDamage<u16>[5]

BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.45704-3.4.0.47659
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 72A6F1C2
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
ScalingStatValue<32>
DamageType<u8>[5]
Resistances<16>[7]
MinDamage<u16>[5]
MaxDamage<u16>[5]

BUILD 4.4.0.53627-4.4.0.57244
BUILD 1.15.2.53941-1.15.2.55140
LAYOUT FFF62904
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
ScalingStatValue<32>
DamageType<u8>[5]
Resistances<32>[7]
MinDamage<32>[5]
MaxDamage<32>[5]

BUILD 5.0.1.15464-5.4.8.18414
BUILD 4.0.0.11792-4.3.4.15595
BUILD 3.0.2.9056-3.3.5.12340
BUILD 4.0.0.11792
$id$ID<32>
ClassID<32>
SubclassID<32>
Sound_override_subclassID<32>
Material<32>
DisplayInfoID<32>
InventoryType<32>
SheatheType<32>

BUILD 5.5.0.60481-5.5.0.62959
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
LAYOUT 62FE3B1A
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
ScalingStatValue<32>
DamageType<u8>[5]
Resistances<32>[7]
MinDamage<32>[5]
MaxDamage<32>[5]

BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 2.5.5.64508-2.5.5.68101
BUILD 1.15.8.63829-1.15.8.67156
LAYOUT 9659EF5A
$noninline,id$ID<32>
ClassID<32>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
ScalingStatValue<32>
DamageType<u8>[5]
Resistances<32>[7]
MinDamage<32>[5]
MaxDamage<32>[5]

BUILD 5.5.4.67090-5.5.4.69383
BUILD 3.80.2.68943-3.80.2.69077
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
LAYOUT 39911A3F
$noninline,id$ID<32>
ClassID<32>
SubclassID<u8>
Material<u8>
InventoryType<8>
RequiredLevel<32>
SheatheType<u8>
RandomSelect<u16>
ItemRandomSuffixGroupID<u16>
Sound_override_subclassID<8>
ScalingStatDistributionID<u16>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
MaxDurability<u32>
AmmunitionType<u8>
Field_5_5_4_67090_015<32>
ScalingStatValue<32>
DamageType<u8>[5]
Resistances<32>[7]
MinDamage<32>[5]
MaxDamage<32>[5]

BUILD 7.3.0.24473-7.3.0.24608
LAYOUT C684AEFD
$noninline,id$ID<32>
IconFileDataID<32>
ClassID<u8>
SubclassID<u8>
Sound_override_subclassID<8>
Material<u8>
InventoryType<u8>
SheatheType<u8>
ItemGroupSoundsID<u8>

BUILD 8.0.1.25902-8.0.1.26231
BUILD 7.3.5.25928-7.3.5.26972
BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24651-7.3.0.25195
LAYOUT 0DFCC83D
$noninline,id$ID<32>
IconFileDataID<32>
ClassID<u8>
SubclassID<u8>
Sound_override_subclassID<8>
Material<u8>
InventoryType<u8>
SheatheType<u8>
ItemGroupSoundsID<u8>

BUILD 8.0.1.26287-8.0.1.26766
LAYOUT 38F7149F
$noninline,id$ID<32>
IconFileDataID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<u8>
SheatheType<u8>
Sound_override_subclassID<8>
ItemGroupSoundsID<u8>

BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
LAYOUT F9600007, 4517779D
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>

BUILD 9.1.5.39977-9.1.5.40496
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
LAYOUT 5432FBBA
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ModifiedCraftingReagentItemID<32>

BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.40622-9.1.5.42010
LAYOUT 96B908A5
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>

BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
LAYOUT 327E4945
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>

BUILD 10.0.0.43342
LAYOUT 85B211F3
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>
CraftingQualityID<32>

BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
LAYOUT BCC9BC83
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>
CraftingQualityID<32>

BUILD 11.0.0.53687-11.0.0.54361
LAYOUT AE86E3A7
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>
CraftingQualityID<32>

BUILD 11.2.0.61476-11.2.0.61787
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
LAYOUT D43146DA
$noninline,id$ID<32>
ClassID<u8>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>
CraftingQualityID<32>

BUILD 11.2.5.62554-11.2.5.62687
BUILD 11.2.0.61871-11.2.0.63305
LAYOUT 12C03F1A
$noninline,id$ID<32>
ClassID<32>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u8>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>
CraftingQualityID<32>

BUILD 11.2.5.62785-11.2.5.64502
LAYOUT E39A209A
$noninline,id$ID<32>
ClassID<32>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u32>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>
CraftingQualityID<32>

BUILD 11.2.7.63642-11.2.7.65299
LAYOUT 6D1DD0CE
$noninline,id$ID<32>
ClassID<32>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u32>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>
CraftingQualityID<32>
ItemSquishEraID<32>

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
LAYOUT 996192AA
$noninline,id$ID<32>
ClassID<32>
SubclassID<u8>
Material<u8>
InventoryType<8>
SheatheType<u8>
Sound_override_subclassID<8>
IconFileDataID<32>
ItemGroupSoundsID<u32>
ContentTuningID<32>
ModifiedCraftingReagentItemID<32>
Field_12_0_0_63534_010<u8>
CraftingQualityID<32>
ItemSquishEraID<32>
RecraftReagentCountPercentage
OrderSource<u8>
"#,
    ),
    (
        "ItemDisplayInfo",
        1266429,
        r#"COLUMNS
int ID
string ModelName
string ModelTexture
int GeosetGroup
int Flags
int SpellVisualID
int HelmetGeosetVis
string Texture
int ItemVisual
int ParticleColorID
int AttachmentGeosetGroup
int ItemRangedDisplayInfoID
int ModelMaterialResourcesID
int ModelResourcesID
int ModelType1
int OverrideSwooshSoundKitID
int SheatheTransformMatrixID
int SheathedSpellVisualKitID
int StateSpellVisualKitID
int UnsheathedSpellVisualKitID
string InventoryIcon
int GroupSoundIndex
string GroundModel
int ItemSize
int HelmetGeosetVisID
int ModelType
int GeosetGroupOverride

BUILD 2.0.0.5610-2.3.3.7799
BUILD 1.0.0.3980-1.12.3.6141
BUILD 0.9.0.3807-0.12.0.3988
$id$ID<32>
ModelName[2]
ModelTexture[2]
InventoryIcon
GeosetGroup<32>[3]
Flags<32>
SpellVisualID<32>
GroupSoundIndex<32>
HelmetGeosetVisID<32>[2]
Texture[8]
ItemVisual<32>

BUILD 4.0.0.11792-4.3.4.15595
BUILD 3.0.1.8303-3.3.5.12340
BUILD 2.4.2.8278-2.4.3.8606
BUILD 4.0.0.11792
BUILD 3.0.8.9328
BUILD 3.0.2.8885
BUILD 3.0.1.8303
$id$ID<32>
ModelName[2]
ModelTexture[2]
InventoryIcon[2]
GeosetGroup<32>[3]
Flags<32>
SpellVisualID<32>
GroupSoundIndex<32>
HelmetGeosetVisID<32>[2]
Texture[8]
ItemVisual<32>
ParticleColorID<32>

BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
LAYOUT 989BCDC7
$noninline,id$ID<32>
ModelResourcesID<u32>[2]
ModelMaterialResourcesID<32>[2]
GeosetGroup<32>[4]
AttachmentGeosetGroup<32>[4]
Flags<32>
ItemRangedDisplayInfoID<u32>
HelmetGeosetVis<32>[2]
ItemVisual<32>
ParticleColorID<32>
OverrideSwooshSoundKitID<u32>
SheatheTransformMatrixID<32>
ModelType1<32>
StateSpellVisualKitID<32>
SheathedSpellVisualKitID<32>
UnsheathedSpellVisualKitID<u32>

BUILD 8.0.1.25902-8.0.1.26231
BUILD 7.3.5.25928-7.3.5.26972
BUILD 1.13.0.28211
LAYOUT 99606089
$noninline,id$ID<32>
Flags<32>
ItemRangedDisplayInfoID<u32>
ItemVisual<32>
ParticleColorID<32>
OverrideSwooshSoundKitID<u32>
SheatheTransformMatrixID<32>
ModelType1<32>
StateSpellVisualKitID<32>
SheathedSpellVisualKitID<32>
UnsheathedSpellVisualKitID<u32>
ModelResourcesID<u32>[2]
ModelMaterialResourcesID<32>[2]
GeosetGroup<32>[4]
AttachmentGeosetGroup<32>[4]
HelmetGeosetVis<32>[2]

BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26287-8.0.1.28153
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT 089404D9
$noninline,id$ID<32>
ModelType1<32>
ItemVisual<32>
ParticleColorID<32>
ItemRangedDisplayInfoID<u32>
OverrideSwooshSoundKitID<u32>
SheatheTransformMatrixID<32>
StateSpellVisualKitID<32>
SheathedSpellVisualKitID<32>
UnsheathedSpellVisualKitID<u32>
Flags<32>
ModelResourcesID<u32>[2]
ModelMaterialResourcesID<32>[2]
GeosetGroup<32>[4]
AttachmentGeosetGroup<32>[4]
HelmetGeosetVis<32>[2]

BUILD 9.0.1.33978-9.0.1.34392
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
LAYOUT 6F891B61, 404901C8
$noninline,id$ID<32>
ItemVisual<32>
ParticleColorID<32>
ItemRangedDisplayInfoID<u32>
OverrideSwooshSoundKitID<u32>
SheatheTransformMatrixID<32>
StateSpellVisualKitID<32>
SheathedSpellVisualKitID<32>
UnsheathedSpellVisualKitID<u32>
Flags<32>
ModelResourcesID<u32>[2]
ModelMaterialResourcesID<32>[2]
ModelType<u8>[2]
GeosetGroup<32>[6]
AttachmentGeosetGroup<32>[6]
HelmetGeosetVis<32>[2]

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.34490-9.0.1.36577
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
LAYOUT B923D577
$noninline,id$ID<32>
ItemVisual<32>
ParticleColorID<32>
ItemRangedDisplayInfoID<u32>
OverrideSwooshSoundKitID<u32>
SheatheTransformMatrixID<32>
StateSpellVisualKitID<32>
SheathedSpellVisualKitID<32>
UnsheathedSpellVisualKitID<u32>
Flags<32>
ModelResourcesID<u32>[2]
ModelMaterialResourcesID<32>[2]
ModelType<32>[2]
GeosetGroup<32>[6]
AttachmentGeosetGroup<32>[6]
HelmetGeosetVis<32>[2]

BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
BUILD 3.4.1.46722
BUILD 3.4.0.43659-3.4.0.47659
LAYOUT F2D99687
$noninline,id$ID<32>
ItemVisual<32>
ParticleColorID<32>
ItemRangedDisplayInfoID<u32>
OverrideSwooshSoundKitID<u32>
SheatheTransformMatrixID<32>
StateSpellVisualKitID<32>
SheathedSpellVisualKitID<32>
UnsheathedSpellVisualKitID<u32>
Flags<32>
ModelResourcesID<u32>[2]
ModelMaterialResourcesID<32>[2]
ModelType<32>[2]
GeosetGroup<32>[6]
AttachmentGeosetGroup<32>[6]
HelmetGeosetVis<32>[2]

BUILD 11.0.0.53687-11.0.0.54361
BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46917-3.4.1.49936
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT D922B51F
$noninline,id$ID<32>
GeosetGroupOverride<32>
ItemVisual<32>
ParticleColorID<32>
ItemRangedDisplayInfoID<u32>
OverrideSwooshSoundKitID<u32>
SheatheTransformMatrixID<32>
StateSpellVisualKitID<32>
SheathedSpellVisualKitID<32>
UnsheathedSpellVisualKitID<u32>
Flags<32>
ModelResourcesID<u32>[2]
ModelMaterialResourcesID<32>[2]
ModelType<32>[2]
GeosetGroup<32>[6]
AttachmentGeosetGroup<32>[6]
HelmetGeosetVis<32>[2]

BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 45C2F619
$noninline,id$ID<32>
GeosetGroupOverride<32>
ItemVisual<32>
ParticleColorID<32>
ItemRangedDisplayInfoID<u32>
OverrideSwooshSoundKitID<u32>
SheatheTransformMatrixID<32>
StateSpellVisualKitID<32>
SheathedSpellVisualKitID<32>
UnsheathedSpellVisualKitID<u32>
Flags<32>
ModelResourcesID<u32>[2]
ModelMaterialResourcesID<32>[2]
ModelType<32>[2]
GeosetGroup<32>[6]
AttachmentGeosetGroup<32>[6]
HelmetGeosetVis<32>[2]

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
BUILD 1.15.8.63829-1.15.8.67156
BUILD 1.15.7.59706-1.15.7.63696
LAYOUT 9F3AB8A9
$noninline,id$ID<32>
GeosetGroupOverride<32>
ItemVisual<32>
ParticleColorID<32>
ItemRangedDisplayInfoID<u32>
OverrideSwooshSoundKitID<u32>
SheatheTransformMatrixID<32>
StateSpellVisualKitID<32>
SheathedSpellVisualKitID<32>
UnsheathedSpellVisualKitID<u32>
Flags<32>
ModelResourcesID<u32>[2]
ModelMaterialResourcesID<32>[2]
ModelType<32>[2]
GeosetGroup<32>[6]
AttachmentGeosetGroup<32>[6]
HelmetGeosetVis<32>[2]
"#,
    ),
    (
        "ModelFileData",
        1337833,
        r#"COLUMNS
int FileDataID
int Flags
int LodCount
int ModelResourcesID
float GeoBox

BUILD 5.5.0.60481-5.5.0.62959
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 66E0BE4F
$id$FileDataID<32>
Flags<u8>
LodCount<u8>
$relation$ModelResourcesID<u32>

BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 3.80.0.64140-3.80.0.66566
BUILD 1.15.8.63829-1.15.8.67156
LAYOUT 9B86613F
$id$FileDataID<32>
Flags<32>
LodCount<u8>
$relation$ModelResourcesID<u32>

BUILD 7.3.5.25928-7.3.5.26972
BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
BUILD 1.13.0.28211
LAYOUT A395EB50
LodCount<u8>
$id$FileDataID<32>
$relation$ModelResourcesID<u32>

BUILD 8.0.1.25902-8.0.1.26766
LAYOUT 773612E3, 26825533
Flags<u8>
LodCount<u8>
$id$FileDataID<32>
$relation$ModelResourcesID<u32>

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26788-8.0.1.28153
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT 9C9B4543, EA46BC99
$id$FileDataID<32>
Flags<u8>
LodCount<u8>
$relation$ModelResourcesID<u32>

BUILD 10.0.0.44167-10.0.0.45335
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT DFBC2A88
$id$FileDataID<32>
Flags<u8>
LodCount<u8>
$relation$ModelResourcesID<u32>

BUILD 11.0.0.53687-11.0.0.54361
BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.45454-10.0.0.46597
LAYOUT 825A2247
GeoBox[6]
$id$FileDataID<32>
Flags<u8>
LodCount<u8>
$relation$ModelResourcesID<u32>

BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
LAYOUT 1045BE38
GeoBox[6]
$id$FileDataID<32>
Flags<u8>
LodCount<u8>
$relation$ModelResourcesID<u32>

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 5.5.4.67090-5.5.4.69383
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
LAYOUT 2AE4E788
GeoBox[6]
$id$FileDataID<32>
Flags<32>
LodCount<u8>
$relation$ModelResourcesID<u32>
"#,
    ),
    (
        "TextureFileData",
        982459,
        r#"COLUMNS
int Field_6_0_1_18179_000
int Field_6_0_1_18179_001
int Field_6_0_1_18179_002
int FileDataID
int MaterialResourcesID
int UsageType

BUILD 7.3.2.25079-7.3.2.25549
BUILD 7.3.0.24473-7.3.0.25195
LAYOUT F7A606B0
MaterialResourcesID<32>
UsageType<u8>
$id$FileDataID<32>

BUILD 8.0.1.25902-8.0.1.26231
BUILD 7.3.5.25928-7.3.5.26972
BUILD 1.13.0.28211
LAYOUT E0790D00
$id$FileDataID<32>
$relation$MaterialResourcesID<32>
UsageType<u8>

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
BUILD 8.3.7.34872-8.3.7.35662
BUILD 8.3.0.32044-8.3.0.34963
BUILD 8.2.5.31337-8.2.5.32978
BUILD 8.2.0.30080-8.2.0.31478
BUILD 8.1.5.28938-8.1.5.30706
BUILD 8.1.0.27826-8.1.0.29621
BUILD 8.0.1.26287-8.0.1.28153
BUILD 2.5.4.42581-2.5.4.44833
BUILD 2.5.3.41402-2.5.3.42598
BUILD 2.5.2.39570-2.5.2.41510
BUILD 2.5.1.38043-2.5.1.39640
BUILD 1.14.3.42770-1.14.3.49821
BUILD 1.14.2.41858-1.14.2.42597
BUILD 1.14.1.40487-1.14.1.42032
BUILD 1.14.0.39802-1.14.0.40618
BUILD 1.13.7.37279-1.13.7.39692
BUILD 1.13.6.36231-1.13.6.37497
BUILD 1.13.5.34000-1.13.5.36325
BUILD 1.13.4.33491-1.13.4.34835
BUILD 1.13.3.32790-1.13.3.33526
BUILD 1.13.2.30073-1.13.2.32600
LAYOUT 71D3BD92, 9082651D
$id$FileDataID<32>
UsageType<u8>
$relation$MaterialResourcesID<32>

BUILD 11.0.0.53687-11.0.0.54361
BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.43659-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT 1C9A021C
$id$FileDataID<32>
UsageType<u8>
$relation$MaterialResourcesID<32>

BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61476-11.2.0.63305
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 5.5.0.60481-5.5.0.62959
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 2.5.5.64508-2.5.5.68101
BUILD 1.15.8.63829-1.15.8.67156
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 50299C02
$id$FileDataID<32>
UsageType<u8>
$relation$MaterialResourcesID<32>

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 5.5.4.67090-5.5.4.69383
BUILD 3.80.2.68943-3.80.2.69077
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
LAYOUT BD7C74C2
$id$FileDataID<32>
UsageType<u8>
$relation$MaterialResourcesID<32>
"#,
    ),
    (
        "TierTransition",
        3076928,
        r#"COLUMNS
int ID
int AnimTier
int AnimationTierDataID1
int AnimationTierDataID2
float Milliseconds

BUILD 1.15.3.55112-1.15.3.56626
LAYOUT 018C6C5F
$noninline,id$ID<32>
AnimTier<32>
AnimationTierDataID1<32>
AnimationTierDataID2<32>
Milliseconds

BUILD 10.0.0.43342
BUILD 9.2.5.42850-9.2.5.43412
BUILD 9.2.0.41089-9.2.0.43345
BUILD 9.1.5.39977-9.1.5.42010
BUILD 9.1.0.38312-9.1.0.40725
BUILD 9.0.5.37503-9.0.5.38556
BUILD 9.0.2.35854-9.0.2.37474
BUILD 9.0.1.33978-9.0.1.36577
LAYOUT 467A48BA
$noninline,id$ID<32>
AnimTier<32>
AnimationTierDataID1<32>
AnimationTierDataID2<32>
Milliseconds

BUILD 10.2.7.54171-10.2.7.55664
BUILD 10.2.6.53810-10.2.6.54499
BUILD 10.2.5.52206-10.2.5.53584
BUILD 10.2.0.51239-10.2.0.52808
BUILD 10.1.7.50442-10.1.7.51972
BUILD 10.1.5.49516-10.1.5.51130
BUILD 10.1.0.48480-10.1.0.50000
BUILD 10.0.7.47910-10.0.7.49343
BUILD 10.0.5.47118-10.0.5.48526
BUILD 10.0.2.45480-10.0.2.47657
BUILD 10.0.0.44167-10.0.0.46597
BUILD 9.2.7.44444-9.2.7.45745
BUILD 9.2.5.43519-9.2.5.44908
BUILD 4.4.0.53627-4.4.0.57244
BUILD 3.4.3.51126-3.4.3.58936
BUILD 3.4.2.49311-3.4.2.50664
BUILD 3.4.1.46722-3.4.1.49936
BUILD 3.4.0.45043-3.4.0.47659
BUILD 1.15.2.53941-1.15.2.55140
BUILD 1.15.1.53009-1.15.1.53623
BUILD 1.15.0.52124-1.15.0.52610
BUILD 1.14.4.50252-1.14.4.51829
LAYOUT E71F230A
$noninline,id$ID<32>
AnimTier<32>
AnimationTierDataID1<32>
AnimationTierDataID2<32>
Milliseconds

BUILD 11.0.0.53687-11.0.0.54361
LAYOUT 2152BB82
$noninline,id$ID<32>
AnimTier<32>
AnimationTierDataID1<16>
AnimationTierDataID2<16>
Milliseconds

BUILD 11.2.0.61476-11.2.0.61703
BUILD 11.1.7.60520-11.1.7.61967
BUILD 11.1.5.59571-11.1.5.61265
BUILD 11.1.0.58221-11.1.0.60257
BUILD 11.0.7.57361-11.0.7.59302
BUILD 11.0.5.56487-11.0.5.57689
BUILD 11.0.2.55399-11.0.2.56819
BUILD 11.0.0.54464-11.0.0.56008
BUILD 5.5.0.60481-5.5.0.62959
BUILD 4.4.2.58486-4.4.2.60895
BUILD 4.4.1.56464-4.4.1.59069
BUILD 3.4.5.61815-3.4.5.63623
BUILD 3.4.4.59817-3.4.4.61581
BUILD 1.15.7.59706-1.15.7.63696
BUILD 1.15.6.58185-1.15.6.59415
BUILD 1.15.5.57537-1.15.5.58555
BUILD 1.15.4.56400-1.15.4.57134
LAYOUT 2591A17F
$noninline,id$ID<32>
AnimTier<32>
AnimationTierDataID1<16>
AnimationTierDataID2<16>
Milliseconds

BUILD 12.1.0.68209-12.1.0.69404
BUILD 12.0.7.67227-12.0.7.68974
BUILD 12.0.5.66330-12.0.5.67823
BUILD 12.0.1.64889-12.0.1.66838
BUILD 12.0.0.63534-12.0.0.65727
BUILD 11.2.7.63642-11.2.7.65299
BUILD 11.2.5.62554-11.2.5.64502
BUILD 11.2.0.61787-11.2.0.63305
BUILD 5.5.4.67090-5.5.4.69383
BUILD 5.5.3.64141-5.5.3.67509
BUILD 5.5.2.63832-5.5.2.64481
BUILD 5.5.1.62856-5.5.1.63698
BUILD 3.80.2.68943-3.80.2.69077
BUILD 3.80.1.66860-3.80.1.68805
BUILD 3.80.0.64140-3.80.0.66566
BUILD 2.5.6.68184-2.5.6.69110
BUILD 2.5.5.64508-2.5.5.68575
BUILD 1.15.9.68808-1.15.9.69109
BUILD 1.15.8.63829-1.15.8.67156
LAYOUT 6019C9CF
$noninline,id$ID<32>
AnimTier<8>
AnimationTierDataID1<16>
AnimationTierDataID2<16>
Milliseconds
"#,
    ),
];
