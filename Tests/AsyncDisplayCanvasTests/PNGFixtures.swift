import AsyncDisplayCanvas
import Testing

/// Small PNG files written by an independent encoder (the Python script at the end of this file,
/// standard library only: chunks written by hand, zlib for compression), one for each colour
/// type, bit depth and interlacing, with and without `tRNS`; rows use all five filters, and the
/// image data is stored, fixed-Huffman, Huffman-only or fully compressed, in one chunk or
/// several. Their pixels follow the formulas in `PNGFixture`, which the tests compute again.
let pngFixtures: [PNGFixture] = [
    PNGFixture(
        colorType: 0, bitDepth: 1, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 1,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000501000000004e23a04b0000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa2900000015494441547801010a00f5ff01a802ac037e04ac00a8100403310450
            1ab40000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 1, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 2,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000501000000004e23a04b0000000274524e5300007693cd3800
            000012494441547801630a61ae6359c3b0823104000c5e02859bc88e4a0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 1, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 3,
        hex: """
            89504e470d0a1a0a0000000d494844520000000900000007010000000185e76a5b00000017494441547801633ec0d2c0
            f080f1001303f30f1606060646062606de0ef4870000001049444154660696d0d50ca10c8ca1ab016d26064a067f483b
            0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 2, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 4,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000502000000000983da9b000000184944415478da63b1fccef0
            e401e3e4bf4cbb37300b7d010035a00700ef620b930000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 2, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 5,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000502000000000983da9b0000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa290000000274524e5300010194fdae0000001a494441547801010f00f0ff00e4
            e00193fd02bbb00312f404abfc397a07777f91cb2f0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 2, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 6,
        hex: """
            89504e470d0a1a0a0000000d4948445200000009000000070200000001c247108b00000017494441547801635cc0d4c0
            bc828581818151e91e13030373394b1a830b7d2800000015494441544339e35d263f3f07e6bdde7a2c590c9f0089ce08
            861c887d520000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 4, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 7,
        hex: """
            89504e470d0a1a0a0000000d494844520000000600000005040000000086c32f3b0000001d494441547801639af22b80
            d9527b33cbfbf7ef19128feb3206a4a50100579e083ebb05d7910000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 4, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 8,
        hex: """
            89504e470d0a1a0a0000000d494844520000000600000005040000000086c32f3b0000000274524e530002989dac1400
            00001d4944415478da636e5e719be5fdfbf70c89c7751903d2d298febf7f0f0065cc0a2c24a608e70000000049454e44
            ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 4, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 9,
        hex: """
            89504e470d0a1a0a0000000d49484452000000090000000704000000014d07e52b0000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa2900000017494441547801013100ceff047f0030013f7102d90329045bbcb900
            5eb402dc000000174944415417d3900128bc02dede03e1cd04deee0061c72d83e0014f7ae7cf550000000e4944415456
            66565f02dededeeee0ad8014c16ecf44c10000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 8, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 10,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000508000000004333c23a000000244944415478016308bbe873
            dc692fe3d36a1060ea0703e693acad40c0d25fcdd5cfd50f0018b70f08fd6c467d0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 8, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 11,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000508000000004333c23a0000000274524e53004f90f0913900
            00002b4944415478016374adaeaeaeae66eaefefefefef67fed9dadadadacad25fdd5fdd5fcdd0f8a7fc53ee0b0015a0
            10fcdb14476b0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 8, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 12,
        hex: """
            89504e470d0a1a0a0000000d494844520000000900000007080000000188f7082a000000174944415478da6332e16156
            602978f386414b8c31ed0d5390879d89a4347c2f00000017494441541673aa2410b0acfff6ed1bc3d9c33bd733be06b2
            98e4805cc3b017000000174944415480f9f0dd5937a65e9e70ae9b450e0618fe577d2d789df62e8f8766000000084944
            415430e63a002e231ed9ffbccc070000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 16, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 13,
        hex: """
            89504e470d0a1a0a0000000d494844520000000600000005100000000013a31e790000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa290000004c494441547801014100beff039223b08de5ca9888ccc57f8304b88f
            207bb88f207bb88f687b0003416abcd23739b2a12d08a801bbd0687b677b687b677b687b02b98fb88fb98fb88fb98fb8
            8f022c1fcefa32b9aa0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 16, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 14,
        hex: """
            89504e470d0a1a0a0000000d494844520000000600000005100000000013a31e790000000274524e53d11cfab1652900
            00003849444154780163d928945e9d519d5e0d221932175e94b198be4088bd379f8351c9002203c24c3bfa77f6c330b3
            dafb09ad135b4158a0150058791c284a0c20670000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 0, bitDepth: 16, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 15,
        hex: """
            89504e470d0a1a0a0000000d4948445200000009000000071000000001d867d46900000017494441547801018c0073ff
            00d0010bd9016ded02b23d5029ee150329eabbee00000017494441549ef7ed6804e33ce3ec00411f1015df0bae017cf7
            01235b05ba97d00000001749444154cff6cff6cff6cff602377c0672d568a45e038d5c200aa08a85a995000000174944
            41540aa00a04711ecff6cff6cff6008ad659cc28c2f7b801884da5fe45000000174944415490687b677b687b677b677b
            687b677b687b02711e711e710606be5200000017494441541e711e711e721e711e721e711e03ee756dcd6c4d6dcd6cc0
            eef2b30000000d494441544dedcd6c4d6dcd6c4d3a273e413bace6d30000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 2, bitDepth: 8, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 16,
        hex: """
            89504e470d0a1a0a0000000d4948445200000006000000050802000000e93a0ab10000003c4944415478da63fcf0f052
            352a60eac700cce78f1f606d05010809042c40e16a20e6aaae8612fd0c3ab27ccb67742a09b3ccedab97e0fc35b9a514
            00d5712c5bd2f4d0d80000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 2, bitDepth: 8, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 17,
        hex: """
            89504e470d0a1a0a0000000d4948445200000006000000050802000000e93a0ab10000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa290000000674524e53006400550046f7dcdee20000006a494441547801015f00
            a0ff02dfd0c15a4b3cd5c6b7504132cbbcad46372803fff7f0858585858585858585858585858585048f8f8f7b7b7b8f
            8f8f7b7b7b8f8f8f7b7b7b008c7d6e07f8e9827364fdeedf78695af3e4d5011b0cfd7b7b7b7b7b7b7b7b7b7b7b7b7b7b
            7b3bca311706dc60580000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 2, bitDepth: 8, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 18,
        hex: """
            89504e470d0a1a0a0000000d494844520000000900000007080200000122fec0a100000017494441547801633eb77f83
            bd8501cbaed57318b87ebff9f6fcc6a38c2882df0000001749444154cb47188f6c5df6e6cd1b261b30607e73f75c4e6a
            6c7a42605a3cfe0000001749444154445274706c981f0b50ec1b1260f0b4d2b63750345513d7f97b751b000000174944
            415496e1654c8ff084cb30c92101e6c4c8202e186089f5b3af2c0237890000001749444154c60118aa736281ee284c0a
            065a0c340ee820a0ea1b2777cc6629c00000000f4944415405bb9832ceecc2a5ad1a00c0995cfda3a9a9df0000000049
            454e44ae426082
            """),
    PNGFixture(
        colorType: 2, bitDepth: 16, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 19,
        hex: """
            89504e470d0a1a0a0000000d4948445200000006000000051002000000b9aad6f2000000b149444154780105c1a14e82
            61140660110a26a824820502410b63b358a57809a6f36e5cc2dbd8ce88efffb999d918c542716ce76cfe0937753341e4
            0ac8249acfd37aaa6f36bf4b10048d4623088246a31104c1abd674f7301fcdbe87717a3f3cbede3fdf4eeacb2696abf1
            cba0df6b7ffcac176f8dcf23ff2635088246a3110441a3d10882e0752a950a8542a9542a140aa552a95028d43c7fedeb
            bb6dd78b17afbcf28e172f5ebcf28e575ebc78d7ff01e13d5bda7a3e94b70000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 2, bitDepth: 16, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 20,
        hex: """
            89504e470d0a1a0a0000000d4948445200000006000000051002000000b9aad6f20000000674524e53f231b12270139f
            3badec000000764944415478da63c85aa339f745df25f58912019c968b7e4cdedeb25036814fee3fc78ce39d6d5505c2
            fa2c6fbf322a5b3fd259289b5e0d82196088c966dad10f823bc110179b59fd0bdbdb674f27b44e6815689d088620d604
            304b10cc9ad0ca02d1a150ad00341cccea07b176568359fd20d6ce6a0050085b268131e6440000000049454e44ae4260
            82
            """),
    PNGFixture(
        colorType: 2, bitDepth: 16, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 21,
        hex: """
            89504e470d0a1a0a0000000d4948445200000009000000071002000001726e1ce20000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa290000001749444154780101880177fe01899b488c077d3cd83cd83cd8022787
            f95ec9930000001749444154e678a569036bd72ac8e9b9d458b3501349a34e0246e23f0db69718000000174944415404
            58911782d6739eec9eec9eec003acdf9beb8afd8b99703eab6f60000001749444154aa569b01fab9b9aa789bcff6cff6
            cff6cff6cff6cff6cfe5d08d250000001749444154f6cff6cff6cff6cff6cff602e23ce23ce23ce23ce23ce2406a0093
            00000017494441543ce23ce23ce23ce23ce23ce23ce23ce23ce23c03f116b021bd06f40000001749444154076ef84801
            26fa06722ffc0e75ee6d16f7f670d5680471e5df6fad00000017494441541e711e721ecff6cf1ecff6cff6cff6cff6cf
            1ecff671f6779486ca000000174944415400d35292435134a2486139202a713e302fef204034ff2525ab3bd600000017
            49444154be160144700361c252cff6cff6cff6cff6cff6cff6cff6be021e380000001749444154cff6cff602422a011b
            c00ca9a5689627871120d0118f02ab77d66a0000001749444154789b378cf67de0169f075df847910682c573af0c6dfd
            2c7c36a55b0000001749444154ee1687d57894697e023cf3fbe4039233722cd1246c4d6ccfbf1eac0000001749444154
            4d6c4d6dcd6dcd6dcd6c4d6c4dec4d6dcd6dcd6d4d6c4d3c35ad0a00000017494441546c4d6c4d6dcd6d4d6d4d6c4d6c
            4d6c4d6dcd6d4ded4d042636ed2f0000001749444154711e711e711e711e671e671e681e711e711e671e671e67c5e7f7
            fe00000017494441541e711e711e681e671e671e711e711e681e681e671e711e509b4d290000000c49444154711e681e
            681e681e2bd7c097fa1d3b540000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 1, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 22,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000501030000005c960fa500000006504c54451607c85d78e522
            d31a5a00000012494441547801630a61ae6359c3b0823104000c5e02859bc88e4a0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 1, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 23,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000501030000005c960fa500000006504c54451707c85e78e5eb
            c977a60000000174524e530d3e57a4db00000012494441547801635ec1b286610563085308000f8402af053388c00000
            000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 1, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 24,
        hex: """
            89504e470d0a1a0a0000000d49484452000000090000000701030000019752c5b500000006504c54451807c85f78e51b
            5daf44000000174944415478da636160606064606260666001b13e00591540d6aa0693eef32a0000000b49444154c655
            d7981818002629042e47c001d00000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 1, isInterlaced: true, hasTransparency: true,
        width: 9, height: 7, salt: 25,
        hex: """
            89504e470d0a1a0a0000000d49484452000000090000000701030000019752c5b50000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa2900000006504c54451907c86078e5ff36de4c0000000174524e530d3e57a4db
            0000002a494441547801011f00e0ff00c0018002e003c0040000f801f802000300040000000155ab020000032bd67c5e
            06ec5232ec340000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 2, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 26,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000502030000001b3675750000000c504c54451a07c86178e5a8
            e902ef5a1fe1c02ebf00000018494441547801639cfc97293080f9f81216d14f0c932700002c8205d18d5a8883000000
            0049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 2, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 27,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000502030000001b3675750000000c504c54451b07c86278e5a9
            e902f05a1f9fce69fd0000000374524e530d50932113c82700000017494441547801637af280f9f81216d14f0c932730
            3ef90300366e07fdf7a8760000000149444154445989f8610000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 2, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 28,
        hex: """
            89504e470d0a1a0a0000000d4948445200000009000000070203000001d0f2bf650000000c504c54451c07c86378e5aa
            e902f15a1f7b7b8ca8000000294944415478da636660616060605cc0c4c0dc610362de652c674a63e664f163f8c4f0e4
            c90146200d006379084c15db57ca0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 2, isInterlaced: true, hasTransparency: true,
        width: 9, height: 7, salt: 29,
        hex: """
            89504e470d0a1a0a0000000d4948445200000009000000070203000001d0f2bf650000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa290000000c504c54451d07c86478e5abe902f25a1f4da5c0f20000000374524e
            530d50932113c8270000002f494441547801012400dbff04500040015402f0037804dde300ddc00122026603de046600
            939380013900c7025a5a80c90a0b6ba2c2e9de0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 4, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 30,
        hex: """
            89504e470d0a1a0a0000000d4948445200000006000000050403000000947680d500000015504c54451e07c86578e5ac
            e902f35a1f3acb3c813c59c8ad76df49f705000000174944415478016350156166648e7fcfe477ef2933dfabe72cf7de
            c7ba20edda00000006494441540300398b07b4556cc9760000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 4, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 31,
        hex: """
            89504e470d0a1a0a0000000d4948445200000006000000050403000000947680d500000018504c54451f07c86678e5ad
            e902f45a1f3bcb3c823c59c9ad76101e93eb0a36090000000774524e530d5093d6195c9fc8ed3c980000001d49444154
            7801632cbaf78ce9ead5b3cc1fc3c4587cafde633013290200659608d1e82ed2200000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 4, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 32,
        hex: """
            89504e470d0a1a0a0000000d49484452000000090000000704030000015fb24ac50000001b504c54452007c86778e5ae
            e902f55a1f3ccb3c833c59caad76111e93588fb0995a42de000000384944415478da630a626e60293ccfa0cae8ce94cc
            66c01cf25885a57531039b01a3b81693a020b3483affc734164120106030634e3063000001850955a69bd44f00000000
            49454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 4, isInterlaced: true, hasTransparency: true,
        width: 9, height: 7, salt: 33,
        hex: """
            89504e470d0a1a0a0000000d49484452000000090000000704030000015fb24ac50000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa290000001e504c54452107c86878e5afe902f65a1f3dcb3c843c59cbad76121e
            93598fb0a000cdc62139850000000974524e530d5093d6195c9fe225f062e3ae00000017494441547801013100ceff03
            370450003570019102000339354804a5a80a6600000017494441540000000062840162220200000331110481c6bc66b7
            0081cf398d360000000e49444154470369200181c6bc66b7d9cd0bd03b473f7a0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 8, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 34,
        hex: """
            89504e470d0a1a0a0000000d494844520000000600000005080300000051866dd400000021504c54452207c86978e5b0
            e902f75a1f3ecb3c853c59ccad76131e935a8fb0a100cde871ea4510cbe6000000284944415478016361646666fec1cc
            c0c6c9c8c2cec5c800e631b1b2fefac5cacaccf19385e5e77f0050dd07429232fcc20000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 8, isInterlaced: false, hasTransparency: true,
        width: 6, height: 5, salt: 35,
        hex: """
            89504e470d0a1a0a0000000d494844520000000600000005080300000051866dd400000015504c54452307c86a78e5b1
            e902f85a1f3fcb3c863c59cdad76c56c145b0000000674524e530d5093d6195c3507688b0000002549444154780105c1
            810d003008023010d9ff0723590be88d494791a6ae5b81c7bd751cf60396910b25d1b4bfb50000000049454e44ae4260
            82
            """),
    PNGFixture(
        colorType: 3, bitDepth: 8, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 36,
        hex: """
            89504e470d0a1a0a0000000d49484452000000090000000708030000019a42a7c400000018504c54452407c86b78e5b2
            e902f95a1f40cb3c873c59cead76151e936826b411000000174944415478da15c9c90dc0300cc4c0bd2cf7dfae232889
            01623e64d78f445f00000017494441542018992828b166a6d49db4b7889c0260eec5750fb3b5e0419ad7d70000000e49
            444154a2edc77e7fa2e39bf4014f1e0f7e3a85076a0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 3, bitDepth: 8, isInterlaced: true, hasTransparency: true,
        width: 9, height: 7, salt: 37,
        hex: """
            89504e470d0a1a0a0000000d49484452000000090000000708030000019a42a7c40000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa290000001b504c54452507c86c78e5b3e902fa5a1f41cb3c883c59cfad76161e
            935d8fb0d35724290000000874524e530d5093d6195c9fe2621a9a9300000058494441547801014d00b2ff0201070304
            040303fa0007010100030202080502080303fb0400fb0404fd06fd00050208050106fdfd0602010101010306fd0305fd
            0305fd030401010101010101010100080205080205080205bc3d0ab364f5a7030000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 4, bitDepth: 8, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 38,
        hex: """
            89504e470d0a1a0a0000000d4948445200000006000000050804000000cc51556d0000003649444154780163aecadeb1
            f1dbbbcd6b3ebe5cb79ca5bf9fabbabfbf1a8c1966740ab3f4d573fe6a29fdff81515da21a0e98fa910000526820879e
            962da30000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 4, bitDepth: 8, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 39,
        hex: """
            89504e470d0a1a0a0000000d494844520000000900000007080400000107959f7d0000001749444154780105c1ad0ac2
            601886e1fd81601ec6db1331af585656af3ebc61000000174944415456565606368bf01e80f0611e82c5b262b1588c62
            b458068cb4cd810000001749444154c36259113e8c0f46af2b69ca61088a2cec5aefbd8faa7cdf8bdcfb000000174944
            4154b98857759a26db8d24495270bf5c4fe763d71e76e1d84b57181c6d000000174944415492140100c4f3bd73ceb969
            02929082df675d7fdf4d39f609abcc17000000174944415455fe7a14d9f316ce2666666666666666661100000000fc68
            9286f700000005494441540184443fef0c2fa1dc0000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 4, bitDepth: 16, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 40,
        hex: """
            89504e470d0a1a0a0000000d49484452000000060000000510040000009cc1892e000000604944415478da63b81a31c5
            d3e6f2ef234bfc92edb94f9eda55ec62647a6bffcc0d8cbdcf7d6e64546754a7032132cdb4b37f67ff0e2044a799ef9c
            da7d7802ebc4d609ad02ad13815000c802d12c6035d53bfb15b8d2b980643f90acde01a401c2f03f4eec0eec66000000
            0049454e44ae426082
            """),
    PNGFixture(
        colorType: 4, bitDepth: 16, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 41,
        hex: """
            89504e470d0a1a0a0000000d49484452000000090000000710040000015705433e0000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa2900000115494441547801010a01f5fe01f447b3383cd83cd8029233512403d6
            839574092ee926d824b81c04c33d822e9eec9eec00a579646a436502560165652456cff6cff6cff6cff6cff6cff6cff6
            cff602e23ce23ce23ce23ce23ce23ce23ce23ce23ce23c035bc21ab3fd57dc50e452444b4c4d2b4604711e711ecff671
            f671f6cff6cff6cff6003dfefcef0cf4cbe5dbea9adbaae069d101af1c6e0dcff6cff6cff6cef6cef6cff602acd66bc7
            1451d3427bcc3abde347a2384ac209b3b23d712e19b8d8a981334024e8aea79f03c789a7826dcd6dcd6c4d6c4d6dcd6d
            cd6c4d6c4d6dcd6dcd6c4d6c4d6dcd6dcd6c4d6c4d04721e721e677b717b681e671e717b711e671e671e711e681e671e
            711e681e681e711e711e546186447d3878440000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 6, bitDepth: 8, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 42,
        hex: """
            89504e470d0a1a0a0000000d494844520000000600000005080600000066589de60000001749444154780163325397e0
            dcb868728b8e2cdfffe5333aab9484593a8890ab0000001749444154beceedab2f605eb578f69456086045a659faa1a0
            1a08907c11b7eb0000001749444154682e86c7578e6e8bf37730bc796af79a105733f5f30736c5d26290000000124944
            41542ef2b2d691652c4a0e71adc60200bc393900516f9a350000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 6, bitDepth: 8, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 43,
        hex: """
            89504e470d0a1a0a0000000d4948445200000009000000070806000001ad9c57f6000000f149444154780105c1314802
            7118c661ef3c0aff4924c111081f2e2e2e2e2ec2878bb34bd41c414b4b4342043f5c84b8c5c5c5c5c5c5c5c5c5a5c5c5
            a5d9b9256aeb8820788b28ea798af574f7ebf5f9f124a9c41f2f85f3e36eabd769d6da8d6a39aa967fdff23ccf637777
            77f762b7554f8f0e4ad1e15ef2b3bff3f7598abeaf137777499224492eb90ab3f1b03fc96e2f4783abb361ffe2345a2f
            6763499224498acdcccccccccccccc8aa3bbc14d0821841042082124abf9240300000000000000286c37ab79afd3ac3d
            dc2fa6dd563d5d2f67e376a35a5ecd2759b3568917d3d1207a7fda6e0000000000000000fe013a8d73214707fa050000
            000049454e44ae426082
            """),
    PNGFixture(
        colorType: 6, bitDepth: 16, isInterlaced: false, hasTransparency: false,
        width: 6, height: 5, salt: 44,
        hex: """
            89504e470d0a1a0a0000000d494844520000000600000005100600000036c841a5000000854944415478da6309141160
            3df7adf7797a757a750618a6436106563e03e7e21353da5bddca0ae50cf8df33acfd7863e6f4aeb06ad11c0791ffac7b
            bfd53c5fde9fd6a05af824899febecef9e37de77190f19352a832451cdc16d0bd38e7e08dc0985a8bc9d18b2ccdf3e5c
            7b61fa50f4a640eb04309c088482400ce10b407913a13c01560081ff780e6a1789690000000049454e44ae426082
            """),
    PNGFixture(
        colorType: 6, bitDepth: 16, isInterlaced: true, hasTransparency: false,
        width: 9, height: 7, salt: 45,
        hex: """
            89504e470d0a1a0a0000000d4948445200000009000000071006000001fd0c8bb50000001474455874436f6d6d656e74
            006d6164652062792068616e642ca8fa2900000017494441547801010602f9fd0070032ef4ede5acd6abdb6acc29bde8
            68456cf00000001749444154ae010defcce08bd14ac202523f1130d0218f12f02baf1c8ad7ca6d00000017494441546e
            0d2cfe8e174d080bf9caea033ef9fdeabcdb7bccbd69742e208400000017494441541d61fc5adc5204e33ce33ce33ce3
            3ce3ece3ece3ece2ec4541a5e5000000174944415400e121a0125f031df4b0176f082df9ecea7f0d3dfefcef09bc5363
            0000001749444154bbe04e030cf4cbe58ad61cf9dbea9adb59cc01c35d824e113e11b70000001749444154413f0030cf
            f6cff6cff6cff6cff6cff6cff6cff6cff6cf022830f90000001749444154f6cff6cff6cff6cff6cff6cff602d77e966f
            55601451a648c0e9dc00000017494441547465652456e347756a345bf34cb23d44600351c24281338d37beb200000017
            4944415403dd5dbc569c4e7b47a00aa00a200aa00aa00a200aa00a34da76fc0000001749444154a00a200a200aa00aa0
            0a04711e711e711e711ecff671f681ae35060000001749444154cff6cff671f6cff6cff6cff6cff6cff6cff671f6002a
            d83f9ada9a0000001749444154e9c9a8ba67abf9ceb8bf77b036a1c8c487b546a6059797f9454d3b0000001749444154
            ba56ab159cd48d012892e783a6746565687b677b677b67bdccf57500000017494441547b677b687b687b687b687b677b
            677b677b677b687b687b67d41e410000001749444154687b677b677b677b677b687b687b687b687b677b677b671fd62b
            6900000017494441547b677b687b687b687b687b02711e711e711e711e711e729870f40e00000017494441541e721e71
            1e711e711e711e711e711e721e721e711e711eaec180610000001749444154711e711e711e721e721e711e711e711e71
            1e711e711e72ba1757fc00000017494441541e711e711e711e711e711e711e711e03be769d6f7d67dc4e9aa48b000000
            1749444154606dcd6dcd6dcd6d4d6c4d6c4d6c4d6c4d6dcd6dcd6dcd7975eaa700000017494441546d4d6c4dec4d6c4d
            6c4d6dcd6dcd6d4d6d4d6c4d6c4d6c6d6f788b00000017494441544d6c4d6dcd6d4d6d4d6c4d6c4d6c4d6c4d6dcd02b8
            fa74c2d386ce0000000049454e44ae426082
            """),
]

/* The generator (Python 3), kept for regeneration:

import zlib, struct

def chunk(t, data):
    return struct.pack('>I', len(data)) + t + data + struct.pack('>I', zlib.crc32(t + data) & 0xffffffff)

def sample(x, y, c, salt, depth):
    return ((x * 53 + y * 97 + c * 31 + salt) * 7919) % (1 << depth)

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}

def palette_count(depth, salt):
    return min(1 << depth, 7 + salt % 5)

def raw_pixel_samples(ct, depth, x, y, salt):
    if ct == 3:
        return [(x * 3 + y * 5 + salt) % palette_count(depth, salt)]
    return [sample(x, y, c, salt, depth) for c in range(CHANNELS[ct])]

def pack_row(samples, depth):
    if depth == 8: return bytes(samples)
    if depth == 16: return b''.join(struct.pack('>H', s) for s in samples)
    out = bytearray(); acc = 0; nbits = 0
    for s in samples:
        acc = (acc << depth) | s; nbits += depth
        if nbits == 8: out.append(acc); acc = 0; nbits = 0
    if nbits: out.append(acc << (8 - nbits))
    return bytes(out)

def paeth(a, b, c):
    p = a + b - c; pa = abs(p - a); pb = abs(p - b); pc = abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)

def filter_row(ftype, row, prev, bpp):
    out = bytearray(len(row))
    for i in range(len(row)):
        a = row[i - bpp] if i >= bpp else 0
        b = prev[i] if prev is not None else 0
        c = prev[i - bpp] if (prev is not None and i >= bpp) else 0
        pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][ftype]
        out[i] = (row[i] - pred) & 255
    return bytes([ftype]) + bytes(out)

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

def make_png(ct, depth, interlaced, w, h, salt, key=False, compression='default', split=None, extra=False):
    bpp = max(1, CHANNELS[ct] * depth // 8)
    passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
    raw = bytearray(); row_index = 0
    for (x0, y0, dx, dy) in passes:
        pw = (w - x0 + dx - 1) // dx if w > x0 else 0
        ph = (h - y0 + dy - 1) // dy if h > y0 else 0
        if pw == 0 or ph == 0: continue
        prev = None
        for j in range(ph):
            y = y0 + j * dy
            samples = []
            for i in range(pw):
                samples += raw_pixel_samples(ct, depth, x0 + i * dx, y, salt)
            row = pack_row(samples, depth)
            raw += filter_row((row_index + salt) % 5, row, prev, bpp)
            prev = row; row_index += 1
    if compression == 'stored': z = zlib.compress(bytes(raw), 0)
    elif compression == 'fixed':
        co = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_FIXED); z = co.compress(bytes(raw)) + co.flush()
    elif compression == 'huffman':
        co = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_HUFFMAN_ONLY); z = co.compress(bytes(raw)) + co.flush()
    else: z = zlib.compress(bytes(raw), 9)
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, depth, ct, 0, 0, 1 if interlaced else 0))
    if extra: png += chunk(b'tEXt', b'Comment\x00made by hand')
    if ct == 3:
        n = palette_count(depth, salt)
        pal = bytearray()
        for i in range(n): pal += bytes([(i * 71 + salt) % 256, (i * 113 + 7) % 256, (i * 29 + 200) % 256])
        png += chunk(b'PLTE', bytes(pal))
        if key: png += chunk(b'tRNS', bytes([(i * 67 + 13) % 256 for i in range(n - 1)]))
    elif key and ct == 0:
        png += chunk(b'tRNS', struct.pack('>H', sample(1, 1, 0, salt, depth)))
    elif key and ct == 2:
        png += chunk(b'tRNS', struct.pack('>HHH', *[sample(2, 1, c, salt, depth) for c in range(3)]))
    if split:
        for k in range(0, len(z), split): png += chunk(b'IDAT', z[k:k + split])
    else:
        png += chunk(b'IDAT', z)
    png += chunk(b'IEND', b'')
    return png

cases = []
salt = 0
comps = ['default', 'stored', 'fixed', 'huffman']
for ct, depths in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]:
    for depth in depths:
        for interlaced in (False, True):
            for key in ([False, True] if ct in (0, 2, 3) else [False]):
                if ct in (0, 2) and key and interlaced: continue
                salt += 1
                w, h = (6, 5) if not interlaced else (9, 7)
                comp = comps[salt % 4]
                split = 23 if salt % 3 == 0 else None
                extra = salt % 4 == 1
                png = make_png(ct, depth, interlaced, w, h, salt, key, comp, split, extra)
                cases.append((ct, depth, interlaced, key, w, h, salt, png))

*/

/// One generated PNG file and the parameters of its pixels.
struct PNGFixture: CustomTestStringConvertible, Sendable {
    let colorType: Int
    let bitDepth: Int
    let isInterlaced: Bool
    let hasTransparency: Bool
    let width: Int
    let height: Int
    let salt: Int
    let hex: String

    var data: [UInt8] { bytes(fromHex: hex) }

    var testDescription: String {
        "colour type \(colorType), \(bitDepth)-bit\(isInterlaced ? ", interlaced" : "")"
            + (hasTransparency ? ", tRNS" : "")
    }

    private var channelCount: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }
    private var maxSample: Double { Double((1 << bitDepth) - 1) }
    private var paletteCount: Int { min(1 << bitDepth, 7 + salt % 5) }

    /// Raw sample `channel` of pixel (x, y), as the script wrote it.
    func sample(x: Int, y: Int, channel: Int) -> Int {
        ((x * 53 + y * 97 + channel * 31 + salt) * 7919) % (1 << bitDepth)
    }

    /// The pixel the decoder should produce, computed in floating point from the raw samples.
    func expectedPixel(x: Int, y: Int) -> Pixel {
        if colorType == 3 {
            let index = (x * 3 + y * 5 + salt) % paletteCount
            let alpha = hasTransparency && index < paletteCount - 1 ? (index * 67 + 13) % 256 : 255
            let red = (index * 71 + salt) % 256
            let green = (index * 113 + 7) % 256
            let blue = (index * 29 + 200) % 256
            return premultiply([red, green, blue], alpha)
        }
        let raw = (0..<channelCount).map { sample(x: x, y: y, channel: $0) }
        if hasTransparency {
            let keyAt = colorType == 0 ? (1, 1) : (2, 1)
            let key = (0..<channelCount).map { sample(x: keyAt.0, y: keyAt.1, channel: $0) }
            if raw == key { return .clear }
        }
        let scaled = raw.map { Int((Double($0) * 255 / maxSample).rounded()) }
        switch colorType {
        case 0: return premultiply([scaled[0], scaled[0], scaled[0]], 255)
        case 2: return premultiply(scaled, 255)
        case 4: return premultiply([scaled[0], scaled[0], scaled[0]], scaled[1])
        default: return premultiply(Array(scaled[0..<3]), scaled[3])
        }
    }

    private func premultiply(_ color: [Int], _ alpha: Int) -> Pixel {
        let components = color.map { UInt8((Double($0 * alpha) / 255).rounded()) }
        return Pixel(red: components[0], green: components[1], blue: components[2], alpha: UInt8(alpha))
    }
}
