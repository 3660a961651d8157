print("formwork")
