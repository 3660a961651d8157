/// What Formwork does with each property and function of survey-core's model (see
/// `SurveyCoreModel`). A key is a property's name, for every class that has it, or
/// `class.property` where one class's differs. `SurveyJSModelTests` checks that every
/// property of every class has one.
extension SurveyCoreModel {
    static let verdicts: [String: Verdict] = {
        var result: [String: Verdict] = [:]
        func set(_ status: Status, _ names: String, _ note: String) {
            for name in names.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                result[String(name)] = Verdict(status: status, note: note)
            }
        }
        for (names, note) in supported { set(.supported, names, note) }
        for (names, note) in presentation { set(.presentation, names, note) }
        for (names, note) in degraded + notApplied { set(.degraded, names, note) }
        return result
    }()

    /// The properties (`name` or `class.name`) that are not applied yet: the reader
    /// warns where a survey sets one to other than survey-core's default.
    static let unapplied: Set<String> = Set(
        notApplied.flatMap { $0.0.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) })

    /// survey-core's defaults of the boolean properties above that are `true` unless set
    /// (the others are `false`, or empty).
    static let trueByDefault: Set<String> = [
        "allowAddPanel", "allowRemovePanel", "allowAddRows", "allowRemoveRows", "storeOthersAsComment",
        "useDisplayValuesInDynamicTexts", "allowNegativeValues",
    ]

    /// Whether `property` of `className` is one Formwork does not apply yet (looked up
    /// in a table made once: the reader asks for every property of every object).
    static func isUnapplied(_ property: String, in className: String) -> Bool {
        guard let unappliedHere = unappliedByClass[className] else { return resolveUnapplied(property, className) }
        return unappliedHere.contains(property)
    }

    /// For each class, the properties not applied yet that it has, its own or inherited.
    private static let unappliedByClass: [String: Set<String>] = {
        let candidates = Set(unapplied.map { String($0.split(separator: ".").last ?? "") })
        var table: [String: Set<String>] = [:]
        for name in classesByName.keys {
            table[name] = candidates.filter { resolveUnapplied($0, name) }
        }
        return table
    }()

    /// Whether `property` of `className` is not applied yet: the nearest class of its
    /// ancestry with a verdict of its own for it decides, else the property's own.
    private static func resolveUnapplied(_ property: String, _ className: String) -> Bool {
        var current: String? = className
        var seen = Set<String>()
        while let name = current, seen.insert(name).inserted {
            if verdicts[name + "." + property] != nil { return unapplied.contains(name + "." + property) }
            current = classesByName[name]?.parent
        }
        return unapplied.contains(property)
    }

    /// Properties read and computed as survey-core computes them.
    static let supported: [(String, String)] = [
        ("name", "the question's answer key (its id made from it)"),
        ("title", "the label, with `{q}` read; a panel's or page's, the section's header"),
        ("description", "help text, with `{q}` read"),
        ("visible visibleIf", "`visible`: a `visibleIf` decides over `visible: false`, as survey-core runs it"),
        ("enableIf readOnly", "`readonly` while the condition is false"),
        ("isRequired requiredIf requiredErrorText", "`required` (always, or while the condition holds), its message"),
        ("defaultValue", "`default`"),
        ("defaultValueExpression", "`default` (with the moment, evaluated once when the survey starts)"),
        ("setValueIf setValueExpression resetValueIf", "`recalculate` value rules, triggered as survey-core triggers"),
        (
            "clearIfInvisible",
            "`none`: kept in the data while hidden (`submission: { kept }`); `onComplete`, `onHidden`: left out of it "
                + "in a survey that keeps hidden answers (`dropped`)"
        ),
        ("clearInvisibleValues", "`onComplete`, `none`, `onHidden` (`hiddenAnswers: erased`)"),
        ("valueName", "the data key, shared by the questions that name it"),
        ("validators", "rules, each with survey-core's message"),
        ("text", "a choice's label; a validator's message"),
        ("value", "a choice's value; a `setvalue` trigger's"),
        ("expression", "translated and type-checked when the survey loads"),
        ("calculatedValues includeIntoResult", "hidden calculations, in the data with `includeIntoResult`"),
        ("triggers setToName setValue fromName runExpression", "`recalculate` rules; `complete` hides later pages"),
        ("pages elements questions templateElements", "sections, fields and repeats"),
        ("locale", "the language shown first"),
        ("html", "a note: tags stripped, entities decoded, `{q}` read"),
        ("inputType", "the kind: number, date, datetime, time, secure, email and url formats, text"),
        ("min max step", "bounds and step of a number, a date or a slider"),
        ("maxLength", "`maxLength`"),
        ("choices", "options (values, or `{ value, text, visibleIf, enableIf }`)"),
        ("choicesVisibleIf", "each option's `visible` (`{item}`)"),
        ("choicesFromQuestion choicesFromQuestionMode", "options narrowed by the source's answer, through chains"),
        ("choicesMin choicesMax choicesStep", "the numbers added after the choices"),
        (
            "showOtherItem showNoneItem showRefuseItem showDontKnowItem",
            "options `other`, `none`, `refused`, `dontknow`"
        ),
        ("otherText noneText refuseText dontKnowText", "those options' labels"),
        ("showCommentArea commentText otherPlaceholder otherErrorText", "a text field keyed `NAME-Comment`"),
        ("minSelectedChoices maxSelectedChoices", "`minSelected`, `maxSelected`"),
        ("labelTrue labelFalse valueTrue valueFalse label", "a boolean's option labels and values"),
        ("rateValues rateMin rateMax rateStep rateCount autoGenerate", "a rating's options"),
        ("rows columns cellType items", "a matrix's or multiple text's fields"),
        ("eachRowRequired", "every row required"),
        ("panelCount rowCount", "the entries a dynamic panel starts with"),
        ("minPanelCount maxPanelCount minRowCount maxRowCount", "a repeat's bounds"),
        ("templateTitle", "each entry's header"),
        ("addRowText addPanelText", "the add row's label"),
        ("acceptedTypes maxSize allowMultiple", "a file field's extensions, size and `multiple`"),
        ("dataFormat", "the signature's image type"),
        ("sliderType minRangeLength maxRangeLength", "a range slider's two numbers and their distance"),
        ("multiSelect areas", "an image map's or image picker's choice or choices"),
        ("minValue maxValue minLength maxLength allowDigits", "a validator's bounds"),
        ("minCount maxCount", "an answer count validator's bounds"),
        ("regex caseInsensitive", "a regex validator, matched against the value's text"),
        ("placeholder", "`placeholder`"),
        ("hideIfChoicesEmpty", "hidden while none of its own choices is offered"),
        ("hideIfRowsEmpty", "the title hidden while no row is shown"),
        (
            "rowsVisibleIf columnsVisibleIf",
            "each row's and column's `visible` (`{item}`), an item's own `visibleIf` first"
        ),
        (
            "minValueExpression maxValueExpression",
            "rules with survey-core's messages, the bound computed as answers change"
        ),
        ("maxTextLength maxCommentLength", "the survey's `maxLength` of texts and comments"),
        ("allowAddPanel allowRemovePanel allowAddRows", "the repeat's bounds: as many entries as survey-core shows"),
        ("bindings", "`panelCount` bound to a question: the repeat's `count`"),
        ("defaultPanelValue defaultRowValue", "each new entry's defaults (a matrix's rows start with them)"),
        ("precision", "the expression's value rounded, as survey-core keeps it"),
        ("maxFiles", "a rule on the number of files, with survey-core's message"),
        (
            "keyName isUnique eachRowUnique",
            "rules: entries' (rows') values differ, the same ones in error as survey-core's"
        ),
        ("isExclusive", "the option is chosen alone (`exclusive: true`), as none, refuse and don't know are"),
        (
            "maskType maskSettings",
            "an input rule at the prompt (`mask`): the masked or the bare form is typed, the value held as "
                + "survey-core holds it (a number for a numeric or currency mask), shown masked"
        ),
        (
            """
            saveMaskedValue allowNegativeValues decimalSeparator thousandsSeparator prefix suffix pattern \
            numericmask.min numericmask.max numericmask.precision
            """,
            "the mask's settings, read as survey-core's mask reads them"
        ),
        ("storeOthersAsComment", "`false`: the other text is the value in the data and in expressions"),
        ("minSelectedAreas maxSelectedAreas", "`minSelected`, `maxSelected`"),
        ("allowRemoveRows", "rows are made by `add` (empty rows are not in survey-core's data), and may be removed"),
    ]

    /// Properties that only change the look in a browser.
    static let presentation: [(String, String)] = [
        (
            """
            width minWidth maxWidth colSpan effectiveColSpan startWithNewLine indent innerIndent titleLocation \
            descriptionLocation errorLocation questionTitleLocation questionDescriptionLocation \
            questionErrorLocation questionTitleWidth itemTitleWidth rowTitleWidth columnMinWidth columnColCount \
            colCount cols inputSize inputTextAlignment verticalAlign alternateRows horizontalScroll showHeader \
            gridLayoutColumns gridLayoutEnabled effectiveWidth widthMode fitToContainer height mobileHeight \
            textAreaWidth itemErrorLocation cellErrorLocation detailErrorLocation templateErrorLocation \
            templateQuestionTitleLocation templateQuestionTitleWidth questionStartIndex showNumber hideNumber \
            showQuestionNumbers showTitle showPageTitles showPageNumbers state panelsState tabAlign \
            inheritWidthFrom separateSpecialChoices renderAs renderMode displayMode columnLayout \
            showInMultipleColumns textWrapEnabled rateType rateColorMode scaleColorMode rateDescriptionLocation \
            displayRateDescriptionsAsExtremeItems allowResize allowResizeComment autoGrow autoGrowComment \
            commentAreaRows acceptCarriageReturn swapOrder useTitleAsLabel showLabel showLabels labelCount \
            labelFormat tooltipVisibility tooltipFormat customLabels allowDragRange allowSwap allowClear \
            showValue showCaption
            """,
            "layout in a browser: the prompt lays out every question one per row"
        ),
        (
            """
            cellComponent itemComponent inputFieldComponent tocItemComponent allowAdaptiveActions headerView \
            logo logoWidth logoHeight logoFit logoPosition backgroundImage backgroundImageFit \
            backgroundImageAttachment backgroundOpacity backgroundImageOpacity backgroundColor penColor \
            penMinWidth penMaxWidth signatureWidth signatureHeight signatureAutoScaleEnabled showPlaceholder \
            placeholderReadOnly imageLink imageFit imageHeight imageWidth minImageWidth minImageHeight \
            maxImageWidth maxImageHeight contentMode altText iconName iconSize idleFillColor idleStrokeColor \
            idleStrokeWidth hoverFillColor hoverStrokeColor hoverStrokeWidth selectedFillColor \
            selectedStrokeColor selectedStrokeWidth shape coords overlapEnabled textGlowEnabled \
            logoPositionX logoPositionY titlePositionX titlePositionY descriptionPositionX descriptionPositionY \
            showBrandInfo showPreview allowImagesPreview sourceType allowCameraAccess matrixDragHandleArea \
            longTap requiredMark currency displayStyle format maximumFractionDigits minimumFractionDigits \
            useGrouping defaultDisplayValue cellHint content
            """,
            "images, colours and the look of values in a browser"
        ),
        (
            """
            showNavigationButtons navigationButtonsLocation showPrevButton showProgressBar progressBarLocation \
            progressBarType progressBarShowNavigationText progressBarShowPageNumbers \
            progressBarNavigationTextLocation progressBarInheritWidthFrom showTOC tocLocation navigationTitle \
            navigationDescription autoAdvanceEnabled autoAdvanceAllowComplete autoFocusFirstQuestion \
            autoFocusFirstError isSinglePage questionsOnPageMode firstPageIsStartPage showPreviewBeforeComplete \
            previewMode showCompletePage completedHtml completedBeforeHtml completedHtmlOnCondition loadingHtml \
            navigateToUrl navigateToUrlOnCondition checkErrorsMode validateVisitedEmptyFields textUpdateMode \
            startSurveyText pagePrevText pageNextText completeText previewText editText confirmDelete \
            confirmDeleteText removePanelText removeRowText addRowButtonLocation removePanelButtonLocation \
            newPanelPosition prevPanelText nextPanelText tabTitlePlaceholder templateTabTitle noEntriesText \
            noRowsText selectAllText createCustomChoiceText keyDuplicationError searchEnabled searchMode \
            choicesLazyLoadEnabled choicesLazyLoadPageSize closeOnSelect hideSelectedItems hideColumnsIfEmpty \
            singleInputTitleTemplate detailPanelShowOnAdding urlconditionitem.url htmlconditionitem.html \
            expressionitem.expression allowRowReorder autocomplete dataList \
            fileOrPhotoPlaceholder filePlaceholder photoPlaceholder commentPlaceholder waitForUpload \
            questionTitlePattern questionTitleTemplate templateDescription minRateDescription \
            maxRateDescription
            """,
            "a browser's pages, buttons and messages: the prompt has its own (`help`; `--guided` asks one at a time)"
        ),
        (
            """
            $schema sjsVersion surveyId surveyPostId surveyShowDataSaving cookieName partialSendEnabled \
            correctAnswer
            """,
            "a browser's or a service's bookkeeping (a cookie, a SurveyJS service id, a quiz's answer key)"
        ),
        (
            """
            choicesbyurl.url choicesbyurl.path choicesbyurl.valueName choicesbyurl.titleName \
            choicesbyurl.imageLinkName choicesbyurl.allowEmptyResponse choicesbyurl.attachData
            """,
            "how choices are fetched from a URL, which Formwork does not do (a typed value, with a warning)"
        ),
    ]

    /// Properties given their closest terminal equivalent, or not applied, with a
    /// warning.
    static let degraded: [(String, String)] = [
        ("choicesByUrl", "a typed value: Formwork fetches nothing (survey-core takes any value until loaded)"),
        ("choicesEnableIf", "a disabled choice is not offered"),
        ("choicesOrder rowOrder questionOrder randomize randomizeCategory", "`random` is kept in order"),
        (
            "timeLimit timeLimitPerPage showTimer showTimerPanel timerLocation timerInfoMode",
            "the time allowed is said, not enforced"
        ),
        ("gotoName", "a skip trigger is left out: every question is in one table, and `goto` moves there"),
        ("storeDataAsText", "a file's content is its path (a browser's upload, a data URL, passes unchanged)"),
        ("imagemap.valuePropertyName", "the chosen areas' values (not wrapped in objects)"),
        ("mode", "`display` is not applied: the survey is filled"),
        (
            "datetimemask.min datetimemask.max",
            "a date mask's bounds are not checked (survey-core's mask stops typing past them)"
        ),
        (
            "slider.minValueExpression slider.maxValueExpression",
            "the slider's `min` and `max` bound the number (survey-core checks no slider's value)"
        ),
    ]

    /// Properties Formwork does not apply yet: the survey is read without them, with a
    /// warning where one is set to other than survey-core's default.
    static let notApplied: [(String, String)] = [
        (
            """
                 \
                  \
                isCommentRequired   \
             allowCustomChoices  copyDefaultValueFromLastEntry \
              detailElements detailPanelMode templateVisibleIf totalType \
            totalExpression totalFormat totalDisplayStyle totalAlignment totalCurrency \
            totalMaximumFractionDigits totalMinimumFractionDigits totalText  valuePropertyName \
            notificationType isVariable copyDisplayValue choiceValuesFromQuestion choiceTextsFromQuestion \
             acceptedCategories   useDisplayValuesInDynamicTexts \
            selectToRankEnabled selectToRankSwapAreas selectToRankAreasLayout selectToRankEmptyRankedAreaText \
            selectToRankEmptyUnrankedAreaText showSelectAllItem minErrorText maxErrorText stepErrorText \
            operator surveytrigger.name visibletrigger.pages visibletrigger.questions page transposeData cells
            """,
            "not applied yet: Formwork reads the survey without it, with a warning"
        )

    ]

    /// survey-core's functions.
    static let functionVerdicts: [String: Verdict] = {
        var result: [String: Verdict] = [:]
        for name in functions {
            result[name] = Verdict(status: .supported, note: "computed as survey-core computes it")
        }
        result["substring"] = Verdict(
            status: .supported,
            note: "JavaScript's `substring`; characters where JavaScript counts UTF-16 units (past U+FFFF)")
        result["getComment"] = Verdict(
            status: .supported, note: "the question's comment; a choice's own comment reads as empty")
        result["isDisplayMode"] = Verdict(status: .supported, note: "false: the survey is being filled")
        result["isContainerReady"] = Verdict(
            status: .supported,
            note: "`valid(…)` of the page's, panel's or dynamic panel's questions (every entry), the container "
                + "named in the expression or by an answer")
        result["propertyValue"] = Verdict(
            status: .supported,
            note: "a question's answer, `visible`, `isRequired`, `readOnly` as its conditions set them, and what its "
                + "JSON gives; the property written in the expression, the question there or named by an answer")
        return result
    }()
}
