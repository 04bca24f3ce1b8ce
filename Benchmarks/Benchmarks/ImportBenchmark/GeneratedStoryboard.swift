/// A deterministic storyboard of at least `minimumBytes` bytes, shaped like an app's settings
/// and forms: a navigation controller, then scenes of one view controller each with a title
/// label pinned to the safe area and the margins, a vertical stack view of rows (label, switch
/// or text field, button with an action and a show segue to the next scene), a tap recognizer
/// on the root view, and a static table view of cells. Nothing random: the same bytes every run.
enum GeneratedStoryboard {
    static func bytes(minimumBytes: Int) -> [UInt8] {
        var scenes: [String] = []
        var index = 0
        var total = 0
        let header = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <scenes>
                    <!--Navigation Controller-->
                    <scene sceneID="navScene">
                        <objects>
                            <navigationController id="nav" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" id="navBar">
                                    <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                </navigationBar>
                                <connections>
                                    <segue destination="vc0" kind="relationship" relationship="rootViewController" id="rootSegue"/>
                                </connections>
                            </navigationController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="navFR" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>

            """
        let footer = "        </scenes>\n</document>\n"
        total = header.utf8.count + footer.utf8.count
        while total < minimumBytes {
            let scene = Self.scene(index)
            scenes.append(scene)
            total += scene.utf8.count
            index += 1
        }
        return Array((header + scenes.joined() + footer).utf8)
    }

    static func scene(_ i: Int) -> String {
        let rows = 6
        var rowViews = ""
        var rowConstraints = ""
        for r in 0..<rows {
            let id = "s\(i)r\(r)"
            let control = r % 2 == 0
                ? """
                                                    <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)c">
                                                        <rect key="frame" x="150" y="0.0" width="51" height="31"/>
                                                        <connections>
                                                            <action selector="toggle\(r):" destination="vc\(i)" eventType="valueChanged" id="\(id)ca"/>
                                                        </connections>
                                                    </switch>

                """
                : """
                                                    <textField opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="249" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Value \(r)" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)c">
                                                        <rect key="frame" x="150" y="0.0" width="97" height="34"/>
                                                        <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                                        <textInputTraits key="textInputTraits"/>
                                                    </textField>

                """
            rowViews += """
                                            <stackView opaque="NO" contentMode="scaleToFill" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                                                <rect key="frame" x="0.0" y="\(r * 44)" width="343" height="34"/>
                                                <subviews>
                                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Setting \(i).\(r)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)l">
                                                        <rect key="frame" x="0.0" y="0.0" width="142" height="34"/>
                                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                        <nil key="textColor"/>
                                                        <nil key="highlightedColor"/>
                                                    </label>
                \(control)                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)b" userLabel="More \(i).\(r)">
                                                        <rect key="frame" x="255" y="0.0" width="88" height="34"/>
                                                        <state key="normal" title="More"/>
                                                        <connections>
                                                            <action selector="more:" destination="s\(i)fr" eventType="touchUpInside" id="\(id)ba"/>
                                                            <segue destination="vc\(i + 1)" kind="show" identifier="next\(r)" id="\(id)bs"/>
                                                        </connections>
                                                    </button>
                                                </subviews>
                                            </stackView>

                """
            rowConstraints += """
                                            <constraint firstItem="\(id)l" firstAttribute="width" relation="greaterThanOrEqual" constant="100" id="\(id)w"/>

                """
        }
        var cells = ""
        for c in 0..<4 {
            cells += """
                                                    <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" id="s\(i)cell\(c)">
                                                        <rect key="frame" x="0.0" y="\(28 + c * 44)" width="375" height="44"/>
                                                        <autoresizingMask key="autoresizingMask"/>
                                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" id="s\(i)cell\(c)v">
                                                            <rect key="frame" x="0.0" y="0.0" width="375" height="43.5"/>
                                                            <autoresizingMask key="autoresizingMask"/>
                                                        </tableViewCellContentView>
                                                    </tableViewCell>

                """
        }
        return """
                    <!--Settings \(i)-->
                    <scene sceneID="scene\(i)">
                        <objects>
                            <viewController storyboardIdentifier="Settings\(i)" id="vc\(i)" customClass="SettingsViewController\(i)" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="s\(i)root">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Settings \(i)" textAlignment="natural" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="s\(i)title">
                                            <rect key="frame" x="16" y="80" width="343" height="41"/>
                                            <fontDescription key="fontDescription" style="UICTFontTextStyleTitle1"/>
                                        </label>
                                        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="s\(i)stack">
                                            <rect key="frame" x="16" y="137" width="343" height="254"/>
                                            <subviews>
                \(rowViews)                            </subviews>
                                            <constraints>
                \(rowConstraints)                            </constraints>
                                        </stackView>
                                        <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="plain" separatorStyle="default" rowHeight="44" translatesAutoresizingMaskIntoConstraints="NO" id="s\(i)table">
                                            <rect key="frame" x="0.0" y="407" width="375" height="260"/>
                                            <sections>
                                                <tableViewSection id="s\(i)section">
                                                    <cells>
                \(cells)                                    </cells>
                                                </tableViewSection>
                                            </sections>
                                        </tableView>
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="s\(i)safe"/>
                                    <constraints>
                                        <constraint firstItem="s\(i)title" firstAttribute="top" secondItem="s\(i)safe" secondAttribute="top" constant="16" id="s\(i)c1"/>
                                        <constraint firstItem="s\(i)title" firstAttribute="leading" secondItem="s\(i)root" secondAttribute="leadingMargin" id="s\(i)c2"/>
                                        <constraint firstAttribute="trailingMargin" secondItem="s\(i)title" secondAttribute="trailing" id="s\(i)c3"/>
                                        <constraint firstItem="s\(i)stack" firstAttribute="top" secondItem="s\(i)title" secondAttribute="bottom" constant="16" id="s\(i)c4"/>
                                        <constraint firstItem="s\(i)stack" firstAttribute="leading" secondItem="s\(i)root" secondAttribute="leadingMargin" id="s\(i)c5"/>
                                        <constraint firstAttribute="trailingMargin" secondItem="s\(i)stack" secondAttribute="trailing" id="s\(i)c6"/>
                                        <constraint firstItem="s\(i)table" firstAttribute="top" secondItem="s\(i)stack" secondAttribute="bottom" constant="16" id="s\(i)c7"/>
                                        <constraint firstItem="s\(i)table" firstAttribute="leading" secondItem="s\(i)root" secondAttribute="leading" id="s\(i)c8"/>
                                        <constraint firstAttribute="trailing" secondItem="s\(i)table" secondAttribute="trailing" id="s\(i)c9"/>
                                        <constraint firstItem="s\(i)safe" firstAttribute="bottom" secondItem="s\(i)table" secondAttribute="bottom" id="s\(i)c10"/>
                                    </constraints>
                                    <connections>
                                        <outletCollection property="gestureRecognizers" destination="s\(i)tap" appends="YES" id="s\(i)tapOutlet"/>
                                    </connections>
                                </view>
                                <navigationItem key="navigationItem" title="Settings \(i)" id="s\(i)item"/>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="s\(i)fr" sceneMemberID="firstResponder"/>
                            <tapGestureRecognizer id="s\(i)tap">
                                <connections>
                                    <action selector="dismissKeyboard:" destination="vc\(i)" id="s\(i)tapAction"/>
                                </connections>
                            </tapGestureRecognizer>
                        </objects>
                    </scene>

            """
    }
}
